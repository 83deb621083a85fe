//go:build linux

package app

import (
	"net/http"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"unsafe"
)

// ioctl numbers and the flag of linux/fs.h: the immutable attribute (chattr +i) stops writes
// even for root, whom file modes do not stop.
const (
	fsIocGetFlags = 0x80086601
	fsIocSetFlags = 0x40086602
	fsImmutableFl = 0x00000010
)

// setWritable makes the store's file writable again, or not: by its mode, and for root also by
// the immutable attribute. It fails the test when the file stays writable, since the test would
// then prove nothing.
func setWritable(t *testing.T, file string, writable bool) {
	t.Helper()
	if writable {
		setImmutable(t, file, false) // first: an immutable file's mode cannot change
		if err := os.Chmod(file, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if err := os.Chmod(file, 0o444); err != nil {
		t.Fatal(err)
	}
	setImmutable(t, file, true)
	t.Cleanup(func() { setWritable(t, file, true) })
	if err := syscall.Access(file, 2 /* W_OK */); err == nil {
		t.Fatal("the store file is still writable")
	}
}

// setImmutable sets or clears the immutable attribute when running as root.
func setImmutable(t *testing.T, file string, on bool) {
	t.Helper()
	if os.Geteuid() != 0 {
		return
	}
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var flags int64
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, f.Fd(), fsIocGetFlags, uintptr(unsafe.Pointer(&flags))); e != 0 {
		t.Fatalf("read the file's attributes: %v", e)
	}
	if on {
		flags |= fsImmutableFl
	} else {
		flags &^= fsImmutableFl
	}
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, f.Fd(), fsIocSetFlags, uintptr(unsafe.Pointer(&flags))); e != 0 {
		t.Fatalf("set the immutable attribute (root needs CAP_LINUX_IMMUTABLE): %v", e)
	}
}

// A store file that becomes read-only makes readyz say so; made writable again, the same open
// store works (readyz, a login, an existing session) without a restart: no connection opened
// while it was read-only is kept. SQLite only: it is about the store's file.
func TestReadyzReadOnlyStoreRecovers(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	cookies := sessionCookie(t, h.login("demo.client", "DemoClient#2026"))
	file := filepath.Join(h.app.Config.DataDir, "portal.db")

	setWritable(t, file, false)
	// The pool's idle connections expire (SetConnMaxIdleTime), so new ones are opened while the
	// file is read-only.
	h.app.DB.SetMaxIdleConns(0)
	h.app.DB.SetMaxIdleConns(2)
	wantReady(t, h, http.StatusServiceUnavailable, map[string]string{"store": "ok", "store_write": "read-only", "platform": "ok"})
	if a := h.do(http.MethodGet, "/xplanapi/session/user", "", cookies); a.code != http.StatusOK {
		t.Fatalf("a read on a read-only store: %d %s", a.code, a.raw)
	}

	setWritable(t, file, true)
	wantReady(t, h, http.StatusOK, allReady)
	if a := h.login("demo.assets", "DemoAssets#2026"); a.code != http.StatusOK {
		t.Fatalf("login after the store is writable again: %d %s", a.code, a.raw)
	}
	if a := h.do(http.MethodPost, "/api/session/heartbeat", "", cookies); a.code != http.StatusOK {
		t.Fatalf("heartbeat after the store is writable again: %d %s", a.code, a.raw)
	}
}
