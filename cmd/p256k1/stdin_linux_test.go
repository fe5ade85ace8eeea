package main

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// openPTY opens a pseudo-terminal pair: the master (what a terminal
// emulator holds) and the slave (what a shell gives a command).
func openPTY(t *testing.T) (master, slave *os.File) {
	t.Helper()
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	fd := int(m.Fd())
	if err := unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0); err != nil {
		m.Close()
		t.Skipf("unlockpt: %v", err)
	}
	n, err := unix.IoctlGetInt(fd, unix.TIOCGPTN)
	if err != nil {
		m.Close()
		t.Skipf("ptsname: %v", err)
	}
	s, err := os.OpenFile("/dev/pts/"+strconv.Itoa(n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		m.Close()
		t.Skipf("opening the pty: %v", err)
	}
	t.Cleanup(func() { s.Close(); m.Close() })
	return m, s
}

// TestTerminalNote: a command that waits for the key on a terminal says
// so on standard error (what would otherwise look like a hang), and reads
// the key typed there, up to Ctrl-D.
func TestTerminalNote(t *testing.T) {
	master, slave := openPTY(t)
	if !fileIsTerminal(slave) {
		t.Fatal("fileIsTerminal(pty) = false")
	}
	// The key as typed, then Ctrl-D at the start of a line: end of input.
	if _, err := master.WriteString(strings.Repeat("11", 32) + "\n\x04"); err != nil {
		t.Fatal(err)
	}
	var o, e strings.Builder
	code := run([]string{"pubkey"}, slave, &o, &e)
	if code != 0 || !strings.Contains(e.String(), "reading the secret key from standard input (a terminal); end it with Ctrl-D") || len(strings.TrimSpace(o.String())) != 66 {
		t.Errorf("pubkey on a terminal: exit %d, stdout %q, stderr %q", code, o.String(), e.String())
	}
}
