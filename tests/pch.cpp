// The translation unit that builds the test suites' precompiled header (tests/CMakeLists.txt:
// annabella_test_pch); it has no code of its own.
