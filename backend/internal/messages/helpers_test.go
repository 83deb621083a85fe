package messages_test

import (
	"strconv"
	"strings"
)

func itoa(n int) string { return strconv.Itoa(n) }

func stringsContains(s, sub string) bool { return strings.Contains(s, sub) }
