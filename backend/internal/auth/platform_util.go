package auth

import (
	"crypto/rand"
	"io"
	"math/big"
	"strconv"
)

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

func cryptoRandInt(r io.Reader, max *big.Int) (*big.Int, error) { return rand.Int(r, max) }
