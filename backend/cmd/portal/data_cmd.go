package main

import (
	"fmt"
	"io"
)

// runDataCommand runs `portal import FILE` and `portal seed --clients N`.
func runDataCommand(name string, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	return fmt.Errorf("%s: not implemented yet", name)
}
