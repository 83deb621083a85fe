package review_test

import (
	"testing"

	"wealthportal/backend/internal/testkit/testdb"
)

func TestMain(m *testing.M) { testdb.Main(m) }
