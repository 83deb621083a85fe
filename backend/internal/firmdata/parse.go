package firmdata

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"reflect"
	"sort"
	"strconv"
	"strings"
)

// ParseFile reads a firm file. A file that is not JSON is refused with the line and column of
// the first syntax error; a JSON document whose shape does not fit the format is refused with
// every unknown field and every value of the wrong type, by path. Both are *InvalidError.
func ParseFile(path string) (Firm, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Firm{}, err
	}
	return Parse(data)
}

// Parse is ParseFile over bytes.
func Parse(data []byte) (Firm, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		return Firm{}, &InvalidError{Problems: []Problem{syntaxProblem(data, err)}}
	}
	if dec.More() {
		line, col := lineCol(data, int(dec.InputOffset()))
		return Firm{}, &InvalidError{Problems: []Problem{{Message: fmt.Sprintf("line %d, column %d: unexpected data after the top-level value", line, col)}}}
	}
	var problems []Problem
	checkShape(doc, reflect.TypeFor[Firm](), "", &problems)
	if len(problems) > 0 {
		return Firm{}, &InvalidError{Problems: problems}
	}
	var f Firm
	if err := json.Unmarshal(data, &f); err != nil {
		// checkShape accepts only what Unmarshal can decode; this is a bug, not a user error.
		return Firm{}, fmt.Errorf("decode firm: %w", err)
	}
	return f, nil
}

func syntaxProblem(data []byte, err error) Problem {
	var syn *json.SyntaxError
	if errors.As(err, &syn) {
		// Offset counts the offending byte itself; the column is where it starts.
		line, col := lineCol(data, int(syn.Offset)-1)
		return Problem{Message: fmt.Sprintf("line %d, column %d: %s", line, col, syn.Error())}
	}
	if errors.Is(err, io.EOF) {
		return Problem{Message: "the file is empty"}
	}
	if errors.Is(err, io.ErrUnexpectedEOF) {
		line, col := lineCol(data, len(data))
		return Problem{Message: fmt.Sprintf("line %d, column %d: unexpected end of file", line, col)}
	}
	return Problem{Message: "not JSON: " + err.Error()}
}

// lineCol turns a byte offset into a 1-based line and column (in characters).
func lineCol(data []byte, offset int) (int, int) {
	offset = min(max(offset, 0), len(data))
	before := data[:offset]
	line := bytes.Count(before, []byte("\n")) + 1
	start := bytes.LastIndexByte(before, '\n') + 1
	return line, len([]rune(string(before[start:]))) + 1
}

var unmarshalerType = reflect.TypeFor[json.Unmarshaler]()

// checkShape walks a generic JSON value beside the Go type it must decode into and reports
// unknown object keys and values of the wrong JSON type, each with its path. It reports them all,
// where encoding/json would stop at the first.
func checkShape(v any, t reflect.Type, path string, problems *[]Problem) {
	if reflect.PointerTo(t).Implements(unmarshalerType) {
		return // Point checks itself; Validate reports malformed ones with their location
	}
	if t.Kind() == reflect.Pointer {
		if v == nil {
			return
		}
		checkShape(v, t.Elem(), path, problems)
		return
	}
	if v == nil {
		return // null leaves the zero value, as encoding/json does
	}
	bad := func(want string) {
		*problems = append(*problems, Problem{Path: path, Message: fmt.Sprintf("want %s, got %s", want, jsonKind(v))})
	}
	switch t.Kind() {
	case reflect.String:
		if _, ok := v.(string); !ok {
			bad("a string")
		}
	case reflect.Bool:
		if _, ok := v.(bool); !ok {
			bad("true or false")
		}
	case reflect.Int, reflect.Int64, reflect.Int32:
		n, ok := v.(json.Number)
		if !ok {
			bad("a whole number")
			return
		}
		if _, err := strconv.ParseInt(string(n), 10, 64); err != nil {
			bad("a whole number")
		}
	case reflect.Float64:
		n, ok := v.(json.Number)
		if !ok {
			bad("a number")
			return
		}
		if f, err := n.Float64(); err != nil || math.IsInf(f, 0) {
			bad("a number")
		}
	case reflect.Slice:
		list, ok := v.([]any)
		if !ok {
			bad("a list")
			return
		}
		for i, item := range list {
			checkShape(item, t.Elem(), fmt.Sprintf("%s[%d]", path, i), problems)
		}
	case reflect.Map:
		obj, ok := v.(map[string]any)
		if !ok {
			bad("an object")
			return
		}
		for _, k := range sortedKeys(obj) {
			checkShape(obj[k], t.Elem(), join(path, k), problems)
		}
	case reflect.Struct:
		obj, ok := v.(map[string]any)
		if !ok {
			bad("an object")
			return
		}
		fields := jsonFields(t)
		for _, k := range sortedKeys(obj) {
			ft, known := fields[k]
			if !known {
				*problems = append(*problems, Problem{Path: join(path, k), Message: "unknown field"})
				continue
			}
			checkShape(obj[k], ft, join(path, k), problems)
		}
	}
}

// jsonFields maps the JSON names of a struct's fields (embedded structs flattened) to their types.
func jsonFields(t reflect.Type) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Anonymous && f.Type.Kind() == reflect.Struct {
			for k, v := range jsonFields(f.Type) {
				out[k] = v
			}
			continue
		}
		if !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out[name] = f.Type
	}
	return out
}

func jsonKind(v any) string {
	switch v.(type) {
	case string:
		return "a string"
	case bool:
		return "true/false"
	case json.Number:
		return "a number"
	case []any:
		return "a list"
	case map[string]any:
		return "an object"
	}
	return "null"
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}
