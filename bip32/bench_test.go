package bip32

import (
	"bytes"
	"testing"
)

func BenchmarkNewMaster(b *testing.B) {
	seed := bytes.Repeat([]byte{1}, 32)
	b.ReportAllocs()
	for b.Loop() {
		NewMaster(seed, Mainnet)
	}
}

func BenchmarkChildPrivate(b *testing.B) {
	m, _ := NewMaster(bytes.Repeat([]byte{1}, 32), Mainnet)
	b.ReportAllocs()
	for b.Loop() {
		m.Child(7)
	}
}

func BenchmarkChildPrivateHardened(b *testing.B) {
	m, _ := NewMaster(bytes.Repeat([]byte{1}, 32), Mainnet)
	b.ReportAllocs()
	for b.Loop() {
		m.Child(Hardened(7))
	}
}

func BenchmarkChildPublic(b *testing.B) {
	m, _ := NewMaster(bytes.Repeat([]byte{1}, 32), Mainnet)
	p := m.Neuter()
	b.ReportAllocs()
	for b.Loop() {
		p.Child(7)
	}
}

func BenchmarkParseXPub(b *testing.B) {
	m, _ := NewMaster(bytes.Repeat([]byte{1}, 32), Mainnet)
	s := m.XPub()
	b.ReportAllocs()
	for b.Loop() {
		ParseExtendedKey(s)
	}
}

func BenchmarkXPub(b *testing.B) {
	m, _ := NewMaster(bytes.Repeat([]byte{1}, 32), Mainnet)
	b.ReportAllocs()
	for b.Loop() {
		_ = m.XPub()
	}
}
