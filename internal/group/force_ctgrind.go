//go:build ctgrind && amd64 && !purego

package group

// Under the constant-time check (tag ctgrind, which runs only under
// valgrind) the assembly runs even though valgrind's virtual CPU does not
// report ADX: valgrind executes MULX, ADCX and ADOX (checked with valgrind
// 3.19), so memcheck sees the assembly that production runs.
func init() { useAsm = true }
