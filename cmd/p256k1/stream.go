package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
)

// The commands that read files of many rows (verify-batch, sp scan, sp
// tweaks, musig aggregate --file) stream them: lines are read in chunks of
// bounded size, each chunk is processed and reported before the next is
// read, so memory stays bounded whatever the input's size, and a bad line
// is reported (with its number) without stopping the others.

// inputLine is one line of input: its number (1-based, counting every line
// of the input, blank or not), its text without surrounding white space,
// and whether it was longer than the reader's limit (then text is nil: the
// line was skipped without being held in memory).
type inputLine struct {
	n       int
	text    []byte
	tooLong bool
}

// lineReader reads input line by line. No line longer than max bytes is
// ever held in memory.
type lineReader struct {
	br       *bufio.Reader
	max      int
	n        int   // number of the last line read
	read     int64 // bytes consumed
	comments bool  // skip blank lines and lines starting with '#'
	buf      []byte
	arena    []byte      // chunk's texts
	lines    []inputLine // chunk's lines
}

func newLineReader(r io.Reader, max int, skipComments bool) *lineReader {
	return &lineReader{br: bufio.NewReaderSize(r, 64<<10), max: max, comments: skipComments}
}

// next returns the next line (blank and comment lines skipped when asked).
// The returned text is valid until the next call. At the end of the input
// it returns io.EOF; a read error is returned as it is.
func (r *lineReader) next() (inputLine, error) {
	for {
		l, err := r.nextRaw()
		if err != nil {
			return l, err
		}
		if r.comments && !l.tooLong && (len(l.text) == 0 || l.text[0] == '#') {
			continue
		}
		return l, nil
	}
}

func (r *lineReader) nextRaw() (inputLine, error) {
	r.buf = r.buf[:0]
	got, tooLong := false, false
	for {
		chunk, err := r.br.ReadSlice('\n')
		r.read += int64(len(chunk))
		got = got || len(chunk) > 0
		if !tooLong {
			content := len(r.buf) + len(chunk)
			if bytes.HasSuffix(chunk, []byte("\n")) {
				content--
			}
			if content > r.max {
				tooLong, r.buf = true, r.buf[:0]
			} else {
				r.buf = append(r.buf, chunk...)
			}
		}
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err == io.EOF && !got:
			return inputLine{}, io.EOF
		case err != nil && err != io.EOF:
			return inputLine{n: r.n + 1}, err
		}
		r.n++
		if tooLong {
			return inputLine{n: r.n, tooLong: true}, nil
		}
		return inputLine{n: r.n, text: bytes.TrimSpace(r.buf)}, nil
	}
}

// chunk reads lines until it holds maxLines lines or maxBytes bytes of text
// (the last line may pass the byte bound by up to the line limit) or the
// input ends. The lines' texts live in a buffer that the next call reuses:
// a chunk is processed before the next is read. err is io.EOF at the end
// of the input, with the last lines; any other error ends the input too,
// with the lines read before it.
func (r *lineReader) chunk(maxLines, maxBytes int) ([]inputLine, error) {
	if cap(r.arena) < maxBytes+r.max {
		r.arena = make([]byte, 0, maxBytes+r.max) // never grows: no copies
	}
	arena := r.arena[:0]
	lines := r.lines[:0]
	var err error
	for len(lines) < maxLines && len(arena) < maxBytes {
		var l inputLine
		if l, err = r.next(); err != nil {
			break
		}
		if !l.tooLong {
			off := len(arena)
			arena = append(arena, l.text...)
			l.text = arena[off:len(arena):len(arena)]
		}
		lines = append(lines, l)
	}
	r.lines = lines
	return lines, err
}

// openInput opens path ("-": standard input) for a command that streams
// it. size is the file's size when known (a regular file), else -1.
func (c *cli) openInput(path, what string) (r io.Reader, size int64, closeFn func(), err error) {
	if path == "-" {
		if c.stdinUsed {
			return nil, -1, nil, usagef("%s: standard input already holds the key; give --key-file or --key-env", what)
		}
		c.stdinUsed = true
		return c.stdin, -1, func() {}, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, -1, nil, pathError(what, path, err)
	}
	size = -1
	if st, err := f.Stat(); err == nil && st.IsDir() {
		f.Close()
		return nil, -1, nil, usagef("%s: %q is a directory, not a file", what, path)
	} else if err == nil && st.Mode().IsRegular() {
		size = st.Size()
	}
	return f, size, func() { f.Close() }, nil
}

// isTerminal reports whether w is a character device (a terminal).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	return fileIsTerminal(f)
}

// progressBar draws "[#####-----]  50% 5000 rows" on w, redrawn in place,
// when the input's size is known, else "5000 rows".
type progressBar struct {
	w     io.Writer
	on    bool
	total int64 // input bytes, or -1
	unit  string
}

func newProgressBar(w io.Writer, on bool, total int64, unit string) *progressBar {
	p := &progressBar{w, on, total, unit}
	p.set(0, 0)
	return p
}

// set draws the bar after rows rows and read bytes of input.
func (p *progressBar) set(rows int, read int64) {
	if !p.on {
		return
	}
	if p.total <= 0 {
		fmt.Fprintf(p.w, "\r%d %s", rows, p.unit)
		return
	}
	const width = 40
	read = min(read, p.total)
	fill := int(width * read / p.total)
	fmt.Fprintf(p.w, "\r[%s%s] %3d%% %d %s", strings.Repeat("#", fill), strings.Repeat("-", width-fill), 100*read/p.total, rows, p.unit)
}

func (p *progressBar) done() {
	if p.on {
		fmt.Fprint(p.w, "\n")
	}
}
