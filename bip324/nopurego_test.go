//go:build !purego

package bip324

const puregoBuild = false
