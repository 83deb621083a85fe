package journeys_test

import (
	"testing"

	"wealthportal/backend/internal/testkit"
)

func TestMain(m *testing.M) { testkit.Main(m) }
