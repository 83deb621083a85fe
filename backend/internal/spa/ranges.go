package spa

import (
	"net/http"
	"sort"
	"strconv"
	"strings"
)

// Limits of the Range requests served. net/http serves any set of ranges whose sizes add up to
// no more than the file, but every part of a multi-part answer carries its own headers, so
// thousands of one-byte ranges made an answer many times the file. Browsers and download
// managers ask for one range, sometimes a few; anything beyond these limits gets the whole
// file (200), which is never larger than the file.
const (
	maxRangeHeader = 200
	maxRanges      = 5
)

// limitRanges drops a Range header that is too long, has too many ranges or overlapping ones,
// so that the file is served whole. A header it cannot read is left to http.ServeContent,
// which refuses it (416) or ignores it.
func limitRanges(r *http.Request, size int64) {
	h := r.Header.Get("Range")
	if h == "" {
		return
	}
	if len(h) > maxRangeHeader || strings.Count(h, ",") >= maxRanges {
		r.Header.Del("Range")
		return
	}
	spans, ok := parseRanges(h, size)
	if !ok {
		return
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i][0] < spans[j][0] })
	for i := 1; i < len(spans); i++ {
		if spans[i][0] <= spans[i-1][1] {
			r.Header.Del("Range")
			return
		}
	}
}

// parseRanges reads "bytes=a-b,c-,-n" into [first, last] byte positions within size; false
// when the header is not of that form (ServeContent then judges it).
func parseRanges(h string, size int64) ([][2]int64, bool) {
	spec, ok := strings.CutPrefix(h, "bytes=")
	if !ok || size <= 0 {
		return nil, false
	}
	var spans [][2]int64
	for _, part := range strings.Split(spec, ",") {
		first, last, ok := strings.Cut(strings.TrimSpace(part), "-")
		if !ok {
			return nil, false
		}
		var start, end int64
		var err error
		switch {
		case first == "": // the last n bytes
			var n int64
			if n, err = strconv.ParseInt(last, 10, 64); err != nil || n <= 0 {
				return nil, false
			}
			start, end = max(size-n, 0), size-1
		default:
			if start, err = strconv.ParseInt(first, 10, 64); err != nil || start < 0 {
				return nil, false
			}
			end = size - 1
			if last != "" {
				if end, err = strconv.ParseInt(last, 10, 64); err != nil || end < start {
					return nil, false
				}
				end = min(end, size-1)
			}
		}
		if start >= size {
			continue // unsatisfiable: ServeContent skips it
		}
		spans = append(spans, [2]int64{start, end})
	}
	return spans, true
}
