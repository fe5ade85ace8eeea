package main

import (
	"errors"
	iofs "io/fs"
	"os"
	"path/filepath"
)

// fileWrite and fileSync are the writes of writeNewFile; tests replace
// them to make a write fail (a full disk, an I/O error).
var (
	fileWrite = func(f *os.File, b []byte) (int, error) { return f.Write(b) }
	fileSync  = func(f *os.File) error { return f.Sync() }
)

// writeNewFile writes body to a new file at path, readable only by its
// owner (mode 0600), durably and never over an existing file: it writes a
// temporary file in the same directory, syncs and closes it, links it to
// path (which fails if path exists; where the file system has no hard
// links, it renames it after checking that path does not exist), removes
// the temporary name and syncs the directory, so that after a crash path
// holds either nothing or all of body. Every step's error is returned,
// naming the flag and the path ("cannot create", "cannot write"); nothing
// is left behind on failure. An existing path returns an error wrapping
// fs.ErrExist, for the caller to word.
func writeNewFile(flag, path string, body []byte) error {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	if _, err := os.Lstat(path); err == nil {
		return iofs.ErrExist
	}
	tmp, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return createError(flag, "create", path, err)
	}
	tmpName := tmp.Name()
	_, err = fileWrite(tmp, body)
	if err2 := fileSync(tmp); err == nil {
		err = err2
	}
	if err2 := tmp.Close(); err == nil {
		err = err2
	}
	if err != nil {
		os.Remove(tmpName)
		return createError(flag, "write", path, err)
	}
	if err := os.Link(tmpName, path); err != nil {
		if errors.Is(err, iofs.ErrExist) {
			os.Remove(tmpName)
			return iofs.ErrExist
		}
		// No hard links here (some file systems): rename, which replaces
		// a file created since the check above (a race of two runs).
		if _, err := os.Lstat(path); err == nil {
			os.Remove(tmpName)
			return iofs.ErrExist
		}
		if err := os.Rename(tmpName, path); err != nil {
			os.Remove(tmpName)
			return createError(flag, "create", path, err)
		}
	} else if err := os.Remove(tmpName); err != nil {
		os.Remove(path)
		return createError(flag, "create", path, err)
	}
	if err := syncDir(dir); err != nil {
		os.Remove(path)
		return createError(flag, "write", path, err)
	}
	return nil
}

// syncDir syncs a directory, so that the names created, renamed or
// removed in it last a crash.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = fileSync(d)
	if err2 := d.Close(); err == nil {
		err = err2
	}
	return err
}

// removeSecretFile overwrites a file with zeros, syncs it and removes it,
// then syncs its directory. The first error is returned; the file is
// removed even when overwriting it failed.
func removeSecretFile(path string) error {
	var err error
	if st, serr := os.Stat(path); serr != nil {
		err = serr
	} else if f, oerr := os.OpenFile(path, os.O_WRONLY, 0); oerr != nil {
		err = oerr
	} else {
		_, err = fileWrite(f, make([]byte, st.Size()))
		if err2 := fileSync(f); err == nil {
			err = err2
		}
		if err2 := f.Close(); err == nil {
			err = err2
		}
	}
	if rerr := os.Remove(path); err == nil {
		err = rerr
	}
	if derr := syncDir(filepath.Dir(path)); err == nil {
		err = derr
	}
	return err
}
