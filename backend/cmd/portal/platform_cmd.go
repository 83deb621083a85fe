package main

import (
	"fmt"
	"io"
)

// runPlatform serves the planning platform API on its own (`portal platform`).
func runPlatform(args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	return fmt.Errorf("platform: not implemented yet")
}
