package loadrun

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// clockTick is Linux's USER_HZ, the unit of /proc/<pid>/stat's CPU times (100 on every
// architecture Linux runs the portal on).
const clockTick = time.Second / 100

// procStat is what the load run reads of a process in /proc/<pid>/stat.
type procStat struct {
	ppid        int
	cpu         time.Duration // user + system time of the process
	childrenCPU time.Duration // user + system time of its reaped children
}

// readStat reads /proc/<pid>/stat (proc(5)): the fields after the command name, which is in
// parentheses and may itself hold spaces.
func readStat(pid int) (procStat, error) {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return procStat{}, err
	}
	return parseStat(string(raw))
}

func parseStat(raw string) (procStat, error) {
	end := strings.LastIndexByte(raw, ')')
	if end < 0 {
		return procStat{}, errors.New("loadrun: unreadable /proc stat")
	}
	// fields[0] is field 3 (state): ppid is field 4, utime 14, stime 15, cutime 16, cstime 17.
	fields := strings.Fields(raw[end+1:])
	if len(fields) < 15 {
		return procStat{}, errors.New("loadrun: short /proc stat")
	}
	n := func(field int) int64 {
		v, _ := strconv.ParseInt(fields[field-3], 10, 64)
		return v
	}
	return procStat{
		ppid:        int(n(4)),
		cpu:         time.Duration(n(14)+n(15)) * clockTick,
		childrenCPU: time.Duration(n(16)+n(17)) * clockTick,
	}, nil
}

// peakRSS is a process's peak resident memory (VmHWM in /proc/<pid>/status), in bytes.
func peakRSS(pid int) (int64, error) {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	return parseHWM(string(raw))
}

func parseHWM(status string) (int64, error) {
	for _, line := range strings.Split(status, "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			if err != nil {
				return 0, err
			}
			return kb * 1024, nil
		}
	}
	return 0, errors.New("loadrun: no VmHWM in /proc status")
}
