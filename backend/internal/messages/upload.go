package messages

import (
	"bytes"
	"context"
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"path"
	"strings"
	"unicode/utf8"

	"github.com/gabriel-vasile/mimetype"
	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/resourceful"
	"wealthportal/backend/internal/store"
)

// The upload's refusals: spec 3 §5's texts, and ours (chosen in docs/api-contract.md).
var (
	errFileEmpty      = apierr.BadRequest("File is empty, please remove.")
	errFileTooLarge   = apierr.BadRequest("File is too large, please remove.")
	errFileType       = apierr.BadRequest("File type not allowed, please remove.")
	errFileTypeAndBig = apierr.BadRequest("File type not allowed and file is too large, please remove.")
	errNotMultipart   = apierr.BadRequest(`The upload must be multipart/form-data with one part named "file".`)
	errNoFileName     = apierr.BadRequest("The file needs a name.")
	errAllArrived     = apierr.BadRequest("Every attachment announced for this message has arrived.")
)

// BlockedExtensions are the file name endings refused whatever the content (spec 3 §5),
// matched case-insensitively.
var BlockedExtensions = []string{".exe", ".bat", ".com", ".msi", ".js", ".bin", ".vb", ".dll", ".vbs", ".zip"}

// MaxUploadRequest bounds an attachment-v3 request body: one file of the largest size allowed
// plus the multipart framing (boundaries, part headers, a long file name).
const MaxUploadRequest = maxFileBytes + 64<<10

// blockedName reports whether a file name ends with a blocked extension.
func blockedName(name string) bool {
	lower := strings.ToLower(name)
	for _, ext := range BlockedExtensions {
		if strings.HasSuffix(lower, ext) {
			return true
		}
	}
	return false
}

// expected are the content types a known extension must have; a file whose content says
// otherwise (a ".pdf" that is not a PDF) is refused.
var expected = map[string][]string{
	".pdf":  {"application/pdf"},
	".png":  {"image/png"},
	".jpg":  {"image/jpeg"},
	".jpeg": {"image/jpeg"},
	".gif":  {"image/gif"},
	".heic": {"image/heic", "image/heif", "image/heic-sequence", "image/heif-sequence"},
	".docx": {"application/vnd.openxmlformats-officedocument.wordprocessingml.document"},
	".xlsx": {"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"},
	".pptx": {"application/vnd.openxmlformats-officedocument.presentationml.presentation"},
	".doc":  {"application/msword", "application/x-ole-storage"},
	".xls":  {"application/vnd.ms-excel", "application/x-ole-storage"},
	".txt":  {"text/plain"},
	".csv":  {"text/csv", "text/plain"},
}

// dangerous are content types refused under any name: executables, scripts and archives.
var dangerous = []string{
	"application/vnd.microsoft.portable-executable", "application/x-msdownload", "application/x-dosexec",
	"application/x-executable", "application/x-elf", "application/x-sharedlib", "application/x-object",
	"application/x-coredump", "application/x-mach-binary", "application/x-java-applet",
	"application/zip", "application/x-7z-compressed", "application/x-rar-compressed", "application/gzip",
	"application/x-tar", "application/x-bzip2", "application/x-xz", "application/zstd", "application/java-archive",
	"application/x-shellscript", "text/x-shellscript", "text/x-python", "text/x-perl", "text/x-php",
	"text/javascript", "application/javascript", "text/x-lua", "text/x-tcl", "application/x-msi",
}

// magic are the first bytes of executables and scripts, checked besides the library's
// detection: MZ (Windows), ELF, Mach-O (both byte orders, 32 and 64 bit, fat), '#!' scripts.
var magic = [][]byte{
	[]byte("MZ"), []byte("\x7fELF"), {0xfe, 0xed, 0xfa, 0xce}, {0xfe, 0xed, 0xfa, 0xcf}, {0xce, 0xfa, 0xed, 0xfe},
	{0xcf, 0xfa, 0xed, 0xfe}, {0xca, 0xfe, 0xba, 0xbe}, []byte("#!"),
}

// Sniff decides from a file's name and first bytes whether it may be stored, and its content
// type: an executable, script or archive is refused under any name (an Office document, a
// zip inside, only under its own extension), and so is content that contradicts a known
// extension.
func Sniff(name string, content []byte) (contentType string, ok bool) {
	for _, m := range magic {
		if bytes.HasPrefix(content, m) {
			return "", false
		}
	}
	mt := mimetype.Detect(content)
	ext := strings.ToLower(path.Ext(name))
	matches := func(types []string) bool {
		for t := mt; t != nil; t = t.Parent() {
			for _, want := range types {
				if t.Is(want) {
					return true
				}
			}
		}
		return false
	}
	if want, known := expected[ext]; known && matches(want) {
		return mt.String(), true
	} else if known {
		return "", false
	}
	if matches(dangerous) {
		return "", false
	}
	return mt.String(), true
}

// POST /resourceful/docnote-v2/:id/attachment-v3: one file of a client's message, streamed
// from the multipart body; checked (spec 3 §5) before anything is stored.
func (m *Module) upload(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	v, n, err := m.visibleNote(c, q, p)
	if err != nil {
		return err
	}
	if !v.isClient() || n.sender != SenderClient || n.entityID != p.EntityID {
		return apierr.ErrForbidden
	}
	if n.arrived >= maxAttachments {
		return errTooManyFiles
	}
	if n.arrived >= n.attachmentCount {
		return errAllArrived
	}
	name, content, err := readFilePart(c.Request)
	if err != nil {
		return err
	}
	if err := checkFile(name, content); err != nil {
		return err
	}
	contentType, _ := Sniff(name, content)
	ctx := c.Request.Context()
	var partID int64
	err = resourceful.WithTx(c, m.db, func(q resourceful.Querier) error {
		partID, err = m.store(ctx, q, n, name, contentType, content)
		return err
	})
	if err != nil {
		return err
	}
	resourceful.JSON(c, 200, map[string]any{"docpartid": partID, "filename": name, "size": len(content), "content_type": contentType})
	return nil
}

// checkFile applies spec 3 §5's file rules in the contract's order; content holds at most
// maxFileBytes+1 bytes, so a longer file shows as one byte too many.
func checkFile(name string, content []byte) error {
	tooLarge, blocked := len(content) > maxFileBytes, blockedName(name)
	switch {
	case len(content) == 0:
		return errFileEmpty
	case tooLarge && blocked:
		return errFileTypeAndBig
	case tooLarge:
		return errFileTooLarge
	case blocked:
		return errFileType
	}
	if _, ok := Sniff(name, content); !ok {
		return errFileType
	}
	return nil
}

// store writes one attachment, counting again inside the transaction so that two uploads at
// once cannot pass the announced count together.
func (m *Module) store(ctx context.Context, q resourceful.Querier, n note, name, contentType string, content []byte) (int64, error) {
	var arrived int
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM docnote_attachment WHERE docnote_id = ?`, n.id).Scan(&arrived); err != nil {
		return 0, err
	}
	if arrived >= maxAttachments {
		return 0, errTooManyFiles
	}
	if arrived >= n.attachmentCount {
		return 0, errAllArrived
	}
	id, err := resourceful.Insert(ctx, q, "docnote_attachment", []string{"docnote_id", "filename", "content_type", "size", "created_at"},
		n.id, name, contentType, len(content), store.FormatTime(m.now()))
	if err != nil {
		return 0, err
	}
	if _, err := resourceful.Insert(ctx, q, "docnote_file", []string{"attachment_id", "content"}, id, content); err != nil {
		return 0, err
	}
	return id, nil
}

// readFilePart reads the part named "file" of a multipart body as it streams in, keeping at
// most maxFileBytes+1 bytes of it: the one copy of the file this process holds.
func readFilePart(r *http.Request) (string, []byte, error) {
	mr, err := r.MultipartReader()
	if err != nil {
		return "", nil, errNotMultipart
	}
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			return "", nil, errNotMultipart
		}
		if err != nil {
			return "", nil, apierr.BodyError(err, errNotMultipart)
		}
		if part.FormName() != "file" {
			part.Close()
			continue
		}
		return readFile(r, part)
	}
}

func readFile(r *http.Request, part *multipart.Part) (string, []byte, error) {
	defer part.Close()
	name := cleanName(strings.TrimSpace(path.Base(strings.ReplaceAll(part.FileName(), `\`, "/"))))
	if name == "" || name == "." || name == ".." || name == "/" {
		return "", nil, errNoFileName
	}
	var buf bytes.Buffer
	if r.ContentLength > 0 {
		buf.Grow(int(min(r.ContentLength, maxFileBytes+1)))
	}
	if _, err := io.CopyN(&buf, part, maxFileBytes+1); err != nil && !errors.Is(err, io.EOF) {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return "", nil, errFileTooLarge
		}
		return "", nil, errNotMultipart
	}
	return name, buf.Bytes(), nil
}

// cleanName is a file name the download path can carry back (package bff refuses a
// segment with '%' or a control character once decoded): those become '_', as do invalid
// UTF-8 bytes; at most 255 bytes are kept.
func cleanName(name string) string {
	name = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || r == '%' {
			return '_'
		}
		return r
	}, strings.ToValidUTF8(name, "_"))
	for len(name) > 255 {
		_, size := utf8.DecodeLastRuneInString(name)
		name = name[:len(name)-size]
	}
	return name
}
