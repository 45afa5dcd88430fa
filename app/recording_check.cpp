#include "app/recording_check.h"

#include <algorithm>
#include <fstream>
#include <optional>
#include <sstream>

#include "app/journal.h"
#include "app/recording_seal.h"
#include "core/pgn.h"
#include "speech/cue_list.h"

namespace annabella::app {
namespace {

namespace fs = std::filesystem;

// A seal and where it was found ("game.journal entry 57", "game.pgn").
struct FoundSeal {
  RecordingSeal seal;
  std::string source;
};

// What the journal and the PGN beside the recording say.
struct Evidence {
  std::vector<FoundSeal> seals;      // of this recording
  std::vector<FoundSeal> all_seals;  // of every recording of the game, journal order
  std::optional<JournalEntry> begin;
  std::string begin_source;
  std::vector<std::string> notes;
};

// Why the check stops: a verdict and its message.
struct Stop {
  RecordingVerdict verdict;
  std::string problem;
};
template <class T>
using Checked = Result<T, Stop>;
Failure<Stop> stop(RecordingVerdict verdict, std::string problem) {
  return fail_with(Stop{verdict, std::move(problem)});
}
Failure<Stop> tampered(std::string problem) {
  return stop(RecordingVerdict::Tampered, std::move(problem));
}

// A file's whole text; nullopt when there is no such file; an error when it cannot be read.
Checked<std::optional<std::string>> read_if_present(const fs::path& path) {
  std::error_code ec;
  const auto status = fs::status(path, ec);
  if (status.type() == fs::file_type::not_found) return std::optional<std::string>();
  if (ec)
    return stop(RecordingVerdict::Unreadable, "cannot read " + path.string() + ": " + ec.message());
  if (!fs::is_regular_file(status))
    return stop(RecordingVerdict::Unreadable, "cannot read " + path.string() + ": " +
                                                  path.filename().string() + " is not a file");
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  if (in) text << in.rdbuf();
  if (!in || in.bad()) return stop(RecordingVerdict::Unreadable, "cannot read " + path.string());
  return std::optional<std::string>(text.str());
}

std::string game_value(const std::string& value) {
  return value == "?" ? std::string() : value;
}

Checked<bool> read_journal_seals(const fs::path& path, const std::string& recording,
                                 Evidence& evidence) {
  auto text = read_if_present(path);
  if (!text) return fail_with(text.error());
  if (!*text) return false;
  const std::string name = path.filename().string();
  auto journal = parse_journal({.name = name, .text = **text});
  if (!journal) return tampered(journal.error().message);
  if (!journal->torn_tail.empty())
    evidence.notes.push_back(name + ": a torn last entry is not read (" + journal->torn_tail + ")");
  for (std::size_t i = 0; i < journal->entries.size(); ++i) {
    const JournalEntry& entry = journal->entries[i];
    const std::string source = name + " entry " + std::to_string(i + 1);
    if (entry.kind == "begin" && !evidence.begin) {
      evidence.begin = entry;
      evidence.begin_source = source;
    }
    if (entry.kind != "seal") continue;
    auto seal = seal_from_fields(entry);
    if (!seal) return tampered(source + ": " + seal.error().message);
    evidence.all_seals.push_back({*seal, source});
    if (seal->recording == recording) evidence.seals.push_back({std::move(*seal), source});
  }
  return true;
}

Checked<bool> read_pgn_seal(const fs::path& path, const std::string& recording,
                            Evidence& evidence) {
  auto text = read_if_present(path);
  if (!text) return fail_with(text.error());
  if (!*text) return false;
  const std::string name = path.filename().string();
  const auto games = core::read_pgn_games(**text);
  if (games.empty()) {
    evidence.notes.push_back(name + " holds no game");
    return true;
  }
  auto seal = seal_from_pgn(games.back());
  if (!seal) return tampered(name + ": " + seal.error().message);
  if (!*seal) return true;
  evidence.all_seals.push_back({**seal, name});
  if ((*seal)->recording == recording)
    evidence.seals.push_back({std::move(**seal), name});
  else
    evidence.notes.push_back(name + " holds the seal of " + (*seal)->recording);
  return true;
}

// The key the record names as the station's: a `station_key` field of the journal's begin
// entry. Without one, every seal of the game must be signed by one key.
Checked<std::pair<std::string, std::string>> recorded_key(const Evidence& evidence) {
  if (evidence.begin && evidence.begin->has("station_key"))
    return std::pair{evidence.begin->get("station_key"), evidence.begin_source};
  if (evidence.all_seals.empty()) return std::pair<std::string, std::string>();
  const FoundSeal& first = evidence.all_seals.front();
  for (const FoundSeal& other : evidence.all_seals)
    if (other.seal.key != first.seal.key)
      return tampered("foreign key: the seals are signed by different keys, " + first.source +
                      " by " + seal_fingerprint(first.seal) + " and " + other.source + " by " +
                      seal_fingerprint(other.seal) +
                      "; one of them is not the station's (--key with the station's "
                      "fingerprint tells which)");
  return std::pair{first.seal.key, first.source};
}

Status same_game(const FoundSeal& found, const JournalEntry& b, const std::string& begin_source) {
  const SealedGame& g = found.seal.game;
  const bool same = game_value(g.white) == game_value(b.get("white")) &&
                    game_value(g.black) == game_value(b.get("black")) &&
                    game_value(g.event) == game_value(b.get("event")) &&
                    game_value(g.round) == game_value(b.get("round")) &&
                    game_value(g.board) == game_value(b.get("board"));
  if (same) return {};
  return fail("another game's seal: " + found.source + " seals the game " + g.white + " - " +
              g.black + " (" + g.event + ", round " + g.round + ", board " + g.board + "), but " +
              begin_source + " is the game " + b.get("white") + " - " + b.get("black") + " (" +
              b.get("event") + ", round " + b.get("round") + ", board " + b.get("board") + ")");
}

// Every seal: its fields and signature, its key (the station's, and the expected one), and the
// game it names.
Checked<bool> check_seals(const Evidence& evidence, const std::string& expected_fingerprint) {
  auto station = recorded_key(evidence);
  if (!station) return fail_with(station.error());
  const auto& [station_key, key_source] = *station;
  for (const FoundSeal& found : evidence.seals) {
    const RecordingSeal& seal = found.seal;
    if (auto ok = check_seal_signature(seal); !ok)
      return tampered(found.source + ": " + ok.error().message);
    const std::string fingerprint = seal_fingerprint(seal);
    if (!expected_fingerprint.empty() && fingerprint != expected_fingerprint)
      return tampered("foreign key: " + found.source + " is signed by key " + fingerprint +
                      ", not by the expected station key " + expected_fingerprint);
    if (!station_key.empty() && seal.key != station_key) {
      RecordingSeal named;
      named.key = station_key;
      return tampered("foreign key: " + found.source + " is signed by key " + fingerprint +
                      ", but " + key_source + " names the station's key " +
                      seal_fingerprint(named));
    }
    if (!evidence.begin) continue;
    if (auto ok = same_game(found, *evidence.begin, evidence.begin_source); !ok)
      return tampered(ok.error().message);
  }
  return true;
}

std::string sealed_when(const FoundSeal& found) {
  return found.source + " (sealed " + found.seal.sealed_at + ", " + found.seal.occasion + ")";
}

// The anchor: each seal's line count and digest are the chain's.
Checked<bool> check_anchors(const Evidence& evidence, const speech::RecordingCheck& chain) {
  for (const FoundSeal& found : evidence.seals) {
    const int sealed = found.seal.cue_lines;
    if (sealed > chain.lines)
      return tampered("cut end: the recording holds " + std::to_string(chain.lines) +
                      " cue lines, but " + sealed_when(found) + " covers " +
                      std::to_string(sealed) +
                      ": its end has been cut off (or lines taken out and the chain "
                      "recomputed)");
    if (chain.digest_at(sealed) != found.seal.digest)
      return tampered("changed and re-chained: the chain at cue line " + std::to_string(sealed) +
                      " is " + chain.digest_at(sealed) + ", but " + sealed_when(found) + " has " +
                      found.seal.digest +
                      ": a phrase or its audio was changed and the chain recomputed");
  }
  return true;
}

Checked<bool> check_code(const Evidence& evidence, const std::string& code) {
  if (code.empty()) return true;
  if (evidence.seals.empty())
    return tampered("the scoresheet's code " + code +
                    " was given, but no seal of this recording was found: the seal has been "
                    "removed from the record");
  for (const FoundSeal& found : evidence.seals)
    if (seal_code(found.seal) == code) return true;
  return tampered("the scoresheet's code " + code + " is not the code of this recording's seal (" +
                  seal_code(evidence.seals.back().seal) + " in " + evidence.seals.back().source +
                  "): the seal was replaced, or the code was written down wrong");
}

void describe_chain(const speech::RecordingCheck& chain, const std::string& file,
                    RecordingReport& report) {
  std::string line = file + ": " + std::to_string(chain.lines) + " cue lines (" +
                     std::to_string(chain.phrases) + " phrases";
  if (chain.cut_markers > 0)  // D.2.7: readouts a move cut off, marked in the cue list
    line += ", " + std::to_string(chain.cut_markers) + " cut off by a move";
  if (chain.heard_lines > 0)  // D.2.1: what the microphone heard (voice input)
    line += ", " + std::to_string(chain.heard_lines) + " heard";
  report.lines.push_back(line + "), digest chain intact");
  if (chain.interrupted)
    report.lines.push_back("interrupted: the recording was cut at cue line " +
                           std::to_string(chain.interrupted->line) + " (" +
                           chain.interrupted->time + "): " + chain.interrupted->text);
  if (!chain.torn_tail.empty())
    report.lines.push_back(
        "torn tail (not covered by the chain, not evidence; left by a stop "
        "between a phrase's audio and its cue line): " +
        chain.torn_tail);
  report.lines.push_back("last digest: " + chain.last_digest);
}

const FoundSeal& latest_seal(const Evidence& evidence) {
  return *std::max_element(
      evidence.seals.begin(), evidence.seals.end(),
      [](const FoundSeal& a, const FoundSeal& b) { return a.seal.cue_lines < b.seal.cue_lines; });
}

// Sealed to the end, sealed in part, or not at all.
void judge_extent(const Evidence& evidence, const speech::RecordingCheck& chain,
                  const RecordingCheckOptions& options, RecordingReport& report) {
  const std::string accepted = options.unsealed_ok ? " (accepted: --unsealed-ok)" : "";
  std::string gap;
  if (evidence.seals.empty()) {
    gap =
        "not sealed: no seal of this recording in the journal or the PGN beside it. The game "
        "is still running, or the station stopped before sealing it (a crash); the chain is "
        "intact, but a cut end or a recomputed chain would not show";
  } else {
    const FoundSeal& latest = latest_seal(evidence);
    report.lines.push_back("sealed: " + sealed_when(latest) + ", cue lines 1 to " +
                           std::to_string(latest.seal.cue_lines) + ", key " +
                           seal_fingerprint(latest.seal) + ", code " + seal_code(latest.seal));
    if (latest.seal.cue_lines < chain.lines)
      gap = "not sealed beyond cue line " + std::to_string(latest.seal.cue_lines) + ": cue lines " +
            std::to_string(latest.seal.cue_lines + 1) + " to " + std::to_string(chain.lines) +
            " were recorded after the last seal (the game went on, and was not sealed again)";
  }
  if (!gap.empty()) report.lines.push_back(gap + accepted);
  if (gap.empty() || options.unsealed_ok) {
    report.verdict = RecordingVerdict::Verified;
    report.lines.push_back("result: verified");
    return;
  }
  report.verdict = RecordingVerdict::NotSealed;
  report.problem = gap + " (--unsealed-ok accepts it)";
  report.lines.push_back("result: not sealed");
}

Checked<bool> check_all(const RecordingCheckOptions& options, const std::string& code,
                        const std::string& key, RecordingReport& report) {
  auto files = speech::read_recording(options.file);
  if (!files) return stop(RecordingVerdict::Unreadable, files.error().message);
  auto chain = speech::verify_cue_list(files->cue_list, files->audio.samples,
                                       files->cue_path.filename().string());
  if (!chain) return tampered(chain.error().message);
  describe_chain(*chain, options.file.string(), report);

  const fs::path folder = options.file.parent_path();
  const std::string recording = options.file.filename().string();
  Evidence evidence;
  const auto journal = read_journal_seals(
      options.journal.empty() ? folder / "game.journal" : options.journal, recording, evidence);
  if (!journal) return fail_with(journal.error());
  const auto pgn =
      read_pgn_seal(options.pgn.empty() ? folder / "game.pgn" : options.pgn, recording, evidence);
  if (!pgn) return fail_with(pgn.error());
  for (auto& note : evidence.notes) report.lines.push_back("note: " + note);

  for (const auto& step :
       {check_seals(evidence, key), check_anchors(evidence, *chain), check_code(evidence, code)})
    if (!step) return fail_with(step.error());
  judge_extent(evidence, *chain, options, report);
  return true;
}

}  // namespace

int RecordingReport::exit_code() const {
  switch (verdict) {
    case RecordingVerdict::Verified:
      return 0;
    case RecordingVerdict::NotSealed:
    case RecordingVerdict::Tampered:
      return 1;
    case RecordingVerdict::Unreadable:
      break;
  }
  return 2;
}

RecordingReport check_recording(const RecordingCheckOptions& options) {
  RecordingReport report;
  std::string code, key;
  if (!options.code.empty()) {
    auto parsed = parse_seal_code(options.code);
    if (!parsed) {
      report.problem = "--code: " + parsed.error().message;
      return report;
    }
    code = *parsed;
  }
  if (!options.key.empty()) {
    auto parsed = parse_key_fingerprint(options.key);
    if (!parsed) {
      report.problem = "--key: " + parsed.error().message;
      return report;
    }
    key = *parsed;
  }
  if (auto done = check_all(options, code, key, report); !done) {
    report.verdict = done.error().verdict;
    report.problem = done.error().problem;
    report.lines.push_back(done.error().verdict == RecordingVerdict::Unreadable
                               ? "result: cannot be read"
                               : "result: TAMPERED or inconsistent");
  }
  return report;
}

}  // namespace annabella::app
