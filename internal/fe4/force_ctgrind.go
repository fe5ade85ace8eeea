//go:build ctgrind && amd64 && !purego

package fe4

// Under the constant-time check the assembly runs even though valgrind's
// virtual CPU does not report ADX (it executes MULX, ADCX and ADOX), so
// memcheck sees the code production runs.
func init() { Enabled = true }
