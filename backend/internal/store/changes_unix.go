//go:build unix

package store

import (
	"os"
	"runtime"
	"sync/atomic"
	"syscall"
	"unsafe"
)

// changesSize is the mapped counter file's size: one page, the counter in its first 8 bytes.
const changesSize = 4096

// openChanges maps the counter file beside the SQLite file (file + "-changes"), creating it, so
// that every process on the file counts in the same place. The mapping is page-aligned, as the
// 64-bit atomic needs.
func openChanges(file string) (*Changes, error) {
	f, err := os.OpenFile(file+"-changes", os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if st.Size() < changesSize {
		if err := f.Truncate(changesSize); err != nil {
			return nil, err
		}
	}
	mem, err := syscall.Mmap(int(f.Fd()), 0, changesSize, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_SHARED)
	if err != nil {
		return nil, err
	}
	c := &Changes{count: (*atomic.Uint64)(unsafe.Pointer(&mem[0]))}
	// Unmapped once nothing can reach the counter any more (never while a cache may read it).
	runtime.AddCleanup(c, func(m []byte) { _ = syscall.Munmap(m) }, mem)
	return c, nil
}
