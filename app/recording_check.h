// `annabella recording verify` (D.2.7, docs/record.md "Checking a recording"): the recording's
// digest chain, its anchor (the seals in the journal and the PGN beside it: their line count
// and digest must be the chain's), their signatures and key, the game they name, and a code
// from the paper scoresheet. Each kind of tampering has its own message.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace annabella::app {

struct RecordingCheckOptions {
  std::filesystem::path file;     // the .wav or .flac file
  std::filesystem::path journal;  // "" = game.journal beside the file (absent: no seals there)
  std::filesystem::path pgn;      // "" = game.pgn beside the file (absent: no seal there)
  std::string code;               // "" or the code written on the paper scoresheet
  // The stations' keys the arbiter trusts (the tournament's list of stations): each a
  // fingerprint or a public key (--key, any number), and a file listing them (--keys: one a
  // line, a name for people after it, # comments). When any is given, every seal of the file
  // must be signed by one of them; when none is, every seal of the game by one key.
  std::vector<std::string> keys;
  std::filesystem::path key_list;
  bool unsealed_ok = false;  // a recording not (wholly) sealed is accepted
};

enum class RecordingVerdict {
  Verified,    // exit 0: chain intact, sealed to its end (or not, with unsealed_ok)
  NotSealed,   // exit 1: chain intact, but lines no seal covers
  Tampered,    // exit 1: tampered or inconsistent
  KeyChanged,  // exit 1: the game is sealed by several station keys and none was given
  Unreadable,  // exit 2: a file cannot be read, or the options are wrong
};

struct RecordingReport {
  RecordingVerdict verdict = RecordingVerdict::Unreadable;
  std::vector<std::string> lines;  // what was found, in order, for standard output
  std::string problem;             // why it is not verified ("" when it is)
  [[nodiscard]] int exit_code() const;
};

[[nodiscard]] RecordingReport check_recording(const RecordingCheckOptions& options);

}  // namespace annabella::app
