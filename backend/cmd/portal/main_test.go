package main

import (
	"fmt"
	"os"
	"testing"

	"wealthportal/backend/internal/testkit/testdb"
)

// asPortalEnv makes the test binary run as the portal itself (see startPortal): the
// several-instances tests start real portal processes without building a second binary.
const asPortalEnv = "PORTAL_TEST_RUN_AS_PORTAL"

func TestMain(m *testing.M) {
	if os.Getenv(asPortalEnv) == "1" {
		if err := dispatch(os.Args[1:], os.Getenv, os.Stdout, os.Stderr); err != nil {
			fmt.Fprintln(os.Stderr, "portal:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	testdb.Main(m)
}
