#include "app/recording_check.h"

#include <algorithm>
#include <cerrno>
#include <fstream>
#include <optional>
#include <sstream>

#include "app/file_error.h"
#include "app/i18n.h"
#include "app/journal.h"
#include "app/recording_seal.h"
#include "core/pgn.h"
#include "core/time_control_pgn_reader.h"
#include "core/time_control_writer.h"
#include "speech/cue_list.h"

namespace annabella::app {
namespace {

namespace fs = std::filesystem;

// A part of the game (app/journal_records.h): one run of the station, from its begin or resume
// entry, with the station key it names ("" in older journals and without a key).
struct Part {
  std::string source;  // "game.journal entry 40"
  std::string station_key, recording;
};

// A seal and where it was found ("game.journal entry 57", "game.pgn"), with the part of the game
// it was made in (the journal's; -1 for the PGN's).
struct FoundSeal {
  RecordingSeal seal;
  std::string source;
  int part = -1;
  std::string file;    // the file it was read from ("game.journal", "/tmp/other/game.journal")
  std::string option;  // "--journal" or "--pgn" when the arbiter named that file, else ""
};

// An adjournment's time of day in the journal (Guidelines I.2).
struct Adjournment {
  std::string source, utc;
};

// What the journal and the PGN beside the recording say.
struct Evidence {
  std::vector<FoundSeal> seals;      // of this recording
  std::vector<FoundSeal> all_seals;  // of every recording of the game, journal order
  std::vector<Part> parts;
  std::vector<Adjournment> adjournments;
  std::optional<JournalEntry> begin;
  std::string begin_source;
  std::vector<std::string> notes;
};

// The station keys the arbiter gave, by fingerprint, with the name the list gives ("" none).
struct TrustedKey {
  std::string fingerprint, name;
};
using TrustedKeys = std::vector<TrustedKey>;

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

// A file's whole text; nullopt when there is no such file beside the recording; an error when
// it cannot be read, or when the arbiter named it (`option`: --journal, --pgn) and it is not
// there: a mistyped path must not pass as "no seal there".
Checked<std::optional<std::string>> read_if_present(const fs::path& path,
                                                    const std::string& option) {
  std::error_code ec;
  const auto status = fs::status(path, ec);
  if (status.type() == fs::file_type::not_found && option.empty())
    return std::optional<std::string>();
  if (status.type() == fs::file_type::not_found || ec || !fs::is_regular_file(status))
    return stop(RecordingVerdict::Unreadable, cannot_read(option, path, read_fault(path, 0)));
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  if (in) text << in.rdbuf();
  if (!in || in.bad())
    return stop(RecordingVerdict::Unreadable, cannot_read(option, path, read_fault(path, errno)));
  return std::optional<std::string>(text.str());
}

std::string game_value(const std::string& value) {
  return value == "?" ? std::string() : value;
}

// A file of the record: where it is, and the option that named it ("" when found beside the
// recording).
struct RecordFile {
  fs::path path;
  std::string option;
};

// The PGN of the record, read once: where it is, whether it is there, and its games.
struct PgnFile {
  RecordFile file;
  bool present = false;
  std::vector<core::PgnGame> games;
};

// D.2.7: a version 3 seal signs the journal before it and the game it gives; nothing after the
// end but what may stand there; the PGN beside the recording (its games, empty when there is
// none) agrees with the journal.
Checked<bool> check_journal_whole(const RecordFile& file, const JournalText& text,
                                  const JournalContents& journal, const PgnFile& pgn) {
  auto ok = check_record_whole(text, journal, pgn.games.empty() ? nullptr : &pgn.games.back(),
                               pgn.file.path.filename().string());
  if (ok) return true;
  // A journal the arbiter named may simply be another game's (the PGN beside the recording is
  // this one's).
  if (file.option.empty()) return tampered(ok.error().message);
  return tampered(ok.error().message + ", or " + file.option + " " + file.path.string() +
                  " is another game's record, not this recording's");
}

Checked<bool> read_journal_seals(const RecordFile& file, const PgnFile& pgn,
                                 const std::string& recording, Evidence& evidence) {
  const auto& [path, option] = file;
  auto text = read_if_present(path, option);
  if (!text) return fail_with(text.error());
  if (!*text) return false;
  const std::string name = path.filename().string();
  auto journal = parse_journal({.name = name, .text = **text});
  if (!journal) return tampered(journal.error().message);
  if (!journal->torn_tail.empty())
    evidence.notes.push_back(name + ": a torn last entry is not read (" + journal->torn_tail + ")");
  if (auto whole = check_journal_whole(file, {.name = name, .text = **text}, *journal, pgn); !whole)
    return fail_with(whole.error());
  for (std::size_t i = 0; i < journal->entries.size(); ++i) {
    const JournalEntry& entry = journal->entries[i];
    const std::string source = name + " entry " + std::to_string(i + 1);
    if (entry.kind == "begin" && !evidence.begin) {
      evidence.begin = entry;
      evidence.begin_source = source;
    }
    if (entry.kind == "begin" || entry.kind == "resume")
      evidence.parts.push_back({source, entry.get("station_key"), entry.get("recording")});
    if (entry.kind == "adjourn" && entry.has("utc"))
      evidence.adjournments.push_back({source, entry.get("utc")});
    if (entry.kind != "seal") continue;
    auto seal = seal_from_fields(entry);
    if (!seal) return tampered(source + ": " + seal.error().message);
    const int part = static_cast<int>(evidence.parts.size()) - 1;
    evidence.all_seals.push_back({*seal, source, part, path.string(), option});
    if (seal->recording == recording)
      evidence.seals.push_back({std::move(*seal), source, part, path.string(), option});
  }
  return true;
}

// D.2.7: a version 3 seal in the PGN signs the game as the record gave it when it was sealed:
// the PGN's moves begin with the signed ones (a game adjourned and resumed goes on after its
// seal), and a PGN with just the signed moves has the signed result; the time control is the
// signed one. The error names the first move that differs.
Status check_pgn_play(const core::PgnGame& game, const SealedPlay& play, const std::string& name) {
  const auto& nodes = game.moves.moves;
  for (std::size_t ply = 0; ply < play.moves.size(); ++ply) {
    if (ply >= nodes.size())
      return fail(name + " was changed after its seal: it ends after " + std::to_string(ply) +
                  " moves, the seal signs " + std::to_string(play.moves.size()) +
                  " (the next signed move is " + play.moves[ply] + ")");
    const std::string uci = core::to_uci(nodes[ply].move);
    if (uci != play.moves[ply])
      return fail(name + " was changed after its seal: move " +
                  move_number_text(game.start, static_cast<int>(ply)) + " " + nodes[ply].text +
                  " (" + uci + ") is not the signed move " + play.moves[ply]);
  }
  const std::string result = game.tag("Result").empty() ? game.result : game.tag("Result");
  if (nodes.size() == play.moves.size() && (result != play.result || game.result != play.result))
    return fail(name + " was changed after its seal: its result is " + result +
                ", the seal signs " + play.result);
  std::string control;
  if (auto read = core::read_time_control(play.control))
    if (auto tag = core::to_pgn_time_control(*read)) control = *tag;
  if (game.tag("TimeControl") != control)
    return fail(name + " was changed after its seal: its TimeControl is \"" +
                game.tag("TimeControl") + "\", the seal signs \"" + control + "\" (" +
                play.control + ")");
  return {};
}

Checked<bool> read_pgn_seal(const PgnFile& pgn, const std::string& recording, Evidence& evidence) {
  if (!pgn.present) return false;
  const auto& [path, option] = pgn.file;
  const std::string name = path.filename().string();
  const auto& games = pgn.games;
  if (games.empty()) {
    evidence.notes.push_back(name + " holds no game");
    return true;
  }
  auto seal = seal_from_pgn(games.back());
  if (!seal) return tampered(name + ": " + seal.error().message);
  if (!*seal) return true;
  if ((*seal)->play)
    if (auto ok = check_pgn_play(games.back(), *(*seal)->play, name); !ok)
      return tampered(ok.error().message);
  evidence.all_seals.push_back({**seal, name, -1, path.string(), option});
  if ((*seal)->recording == recording)
    evidence.seals.push_back({std::move(**seal), name, -1, path.string(), option});
  else
    evidence.notes.push_back(name + " holds the seal of " + (*seal)->recording);
  return true;
}

// The key a part of the game names, if it names one.
const Part* part_of(const Evidence& evidence, const FoundSeal& found) {
  if (found.part < 0 || found.part >= static_cast<int>(evidence.parts.size())) return nullptr;
  const Part& part = evidence.parts[static_cast<std::size_t>(found.part)];
  return part.station_key.empty() ? nullptr : &part;
}

std::string fingerprint_of(const std::string& key_hex) {
  return key_hex_fingerprint(key_hex);
}

// The journal is consistent with itself: each seal is signed by the key its part of the game
// names (D.2.7); the PGN's seal by a key some part names.
Checked<bool> check_parts(const Evidence& evidence) {
  std::vector<std::string> named;
  for (const Part& part : evidence.parts)
    if (!part.station_key.empty() &&
        std::find(named.begin(), named.end(), part.station_key) == named.end())
      named.push_back(part.station_key);
  for (const FoundSeal& found : evidence.all_seals) {
    if (const Part* part = part_of(evidence, found)) {
      if (found.seal.key != part->station_key)
        return tampered("foreign key: " + found.source + " is signed by key " +
                        seal_fingerprint(found.seal) + ", but " + part->source +
                        " names the station's key " + fingerprint_of(part->station_key));
      continue;
    }
    if (found.part >= 0 || named.empty()) continue;  // an older journal: nothing named
    if (std::find(named.begin(), named.end(), found.seal.key) == named.end()) {
      std::string keys;
      for (const auto& key : named) keys += (keys.empty() ? "" : ", ") + fingerprint_of(key);
      return tampered("foreign key: " + found.source + " is signed by key " +
                      seal_fingerprint(found.seal) + ", but the journal names the station's key " +
                      keys);
    }
  }
  return true;
}

// The distinct keys of the game's seals, in the order they first sealed.
std::vector<std::string> keys_of_game(const Evidence& evidence) {
  std::vector<std::string> keys;
  for (const FoundSeal& found : evidence.all_seals)
    if (std::find(keys.begin(), keys.end(), found.seal.key) == keys.end())
      keys.push_back(found.seal.key);
  return keys;
}

// Where the journal says the station key changed: the resume entries that name another key
// than the part before them.
std::vector<std::string> key_changes(const Evidence& evidence) {
  std::vector<std::string> changes;
  std::string last;
  for (const Part& part : evidence.parts) {
    if (part.station_key.empty()) continue;
    if (!last.empty() && part.station_key != last)
      changes.push_back(part.source + " (resumed: " + fingerprint_of(last) + " to " +
                        fingerprint_of(part.station_key) + ")");
    last = part.station_key;
  }
  return changes;
}

std::string join(const std::vector<std::string>& items, const std::string& separator) {
  std::string text;
  for (const auto& item : items) text += (text.empty() ? "" : separator) + item;
  return text;
}

// What each key of the game seals: "announcements.wav to cue line 40 (game.journal entry 57,
// adjourn)". A PGN seal that repeats a journal seal is not repeated.
std::vector<std::string> sealed_by(const Evidence& evidence, const std::string& key) {
  std::vector<std::string> items;
  std::vector<std::string> signatures;
  for (const FoundSeal& found : evidence.all_seals) {
    if (found.seal.key != key) continue;
    if (std::find(signatures.begin(), signatures.end(), found.seal.signature) != signatures.end())
      continue;
    signatures.push_back(found.seal.signature);
    items.push_back(found.seal.recording + " to cue line " + std::to_string(found.seal.cue_lines) +
                    " (" + found.source + ", " + found.seal.occasion + ")");
  }
  return items;
}

const TrustedKey* trusted(const TrustedKeys& keys, const std::string& fingerprint) {
  const auto it = std::find_if(keys.begin(), keys.end(), [&](const TrustedKey& key) {
    return key.fingerprint == fingerprint;
  });
  return it == keys.end() ? nullptr : &*it;
}

std::string trusted_list(const TrustedKeys& keys) {
  std::vector<std::string> names;
  for (const auto& key : keys) names.push_back(key.fingerprint);
  return join(names, ", ");
}

// The outside anchor (the tournament's list of stations): with keys given, every seal of this
// recording is signed by one of them; without, the game's seals are all by one key, since a
// second key is exactly what an attacker who re-sealed part of the game would bring.
Checked<bool> check_keys(const Evidence& evidence, const TrustedKeys& given) {
  if (!given.empty()) {
    for (const FoundSeal& found : evidence.seals) {
      const std::string fingerprint = seal_fingerprint(found.seal);
      if (trusted(given, fingerprint) != nullptr) continue;
      return tampered("foreign key: " + found.source + " (" + found.seal.occasion +
                      ", cue lines 1 to " + std::to_string(found.seal.cue_lines) + " of " +
                      found.seal.recording + ") is signed by key " + fingerprint +
                      ", which is not among the station keys given (" + trusted_list(given) +
                      "): no station on the list sealed this part of the recording");
    }
    return true;
  }
  const auto keys = keys_of_game(evidence);
  if (keys.size() < 2) return true;
  std::vector<std::string> uses;
  for (const auto& key : keys)
    uses.push_back(fingerprint_of(key) + " seals " + join(sealed_by(evidence, key), ", "));
  std::vector<std::string> fingerprints;
  for (const auto& key : keys) fingerprints.push_back("--key " + fingerprint_of(key));
  const auto changes = key_changes(evidence);
  const std::string give = "; give the fingerprints of the tournament's stations (" +
                           join(fingerprints, " ") +
                           ", or --keys with the list of stations): a key not on the list is "
                           "not a station's";
  if (changes.empty())
    return tampered("foreign key: the seals are signed by different keys: " + join(uses, "; ") +
                    "; the journal names no change of the station key, so one of them is not "
                    "the station's" +
                    give);
  return stop(RecordingVerdict::KeyChanged,
              "station key changed: the game is sealed by " + std::to_string(keys.size()) +
                  " keys: " + join(uses, "; ") + "; the journal says the key changed at " +
                  join(changes, ", ") + give);
}

// One line a key of the game: what it seals, and whether it was given.
void describe_keys(const Evidence& evidence, const TrustedKeys& given, RecordingReport& report) {
  for (const auto& key : keys_of_game(evidence)) {
    const std::string fingerprint = fingerprint_of(key);
    std::string status;
    if (const TrustedKey* known = trusted(given, fingerprint))
      status = known->name.empty() ? " (given)" : " (given: " + known->name + ")";
    else if (!given.empty())
      status = " (not given)";
    report.lines.push_back("key " + fingerprint + status + ": " +
                           join(sealed_by(evidence, key), ", "));
  }
  for (const auto& change : key_changes(evidence))
    report.lines.push_back("station key changed at " + change);
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

// Every seal of this recording: its fields and signature, and the game it names.
Checked<bool> check_seals(const Evidence& evidence) {
  for (const FoundSeal& found : evidence.seals) {
    if (auto ok = check_seal_signature(found.seal); !ok)
      return tampered(found.source + ": " + ok.error().message);
    if (!evidence.begin) continue;
    if (auto ok = same_game(found, *evidence.begin, evidence.begin_source); !ok)
      return tampered(ok.error().message);
  }
  return true;
}

// Guidelines I.2: an adjournment's seal signs the envelope's time of day; the journal's
// adjourn entry must give the same.
Checked<bool> check_adjournments(const Evidence& evidence, RecordingReport& report) {
  for (const FoundSeal& found : evidence.seals) {
    const std::string& at = found.seal.adjourned_at;
    if (at.empty()) continue;
    if (!evidence.adjournments.empty() &&
        std::none_of(evidence.adjournments.begin(), evidence.adjournments.end(),
                     [&](const Adjournment& a) { return a.utc == at; })) {
      const Adjournment& last = evidence.adjournments.back();
      return tampered("the adjournment's time changed: " + found.source +
                      " signs the adjournment at " + at + ", but " + last.source + " says " +
                      last.utc + " (Guidelines I.2)");
    }
    report.lines.push_back("adjourned at " + at + " (time of day, UTC; the envelope's time, " +
                           "signed in " + found.source + ")");
  }
  return true;
}

std::string sealed_when(const FoundSeal& found) {
  return found.source + " (sealed " + found.seal.sealed_at + ", " + found.seal.occasion + ")";
}

bool matches_chain(const FoundSeal& found, const speech::RecordingCheck& chain) {
  return found.seal.cue_lines <= chain.lines &&
         chain.digest_at(found.seal.cue_lines) == found.seal.digest;
}

// A seal whose digest is not the chain's, while a seal of another file matches the chain: the
// file it came from is another recording's record (a --journal or --pgn naming the wrong game),
// not a sign that this recording was changed.
std::optional<std::string> other_records(const Evidence& evidence, const FoundSeal& found,
                                         const speech::RecordingCheck& chain) {
  for (const FoundSeal& other : evidence.seals)
    if (other.file != found.file && matches_chain(other, chain))
      return "not this recording's record: " + found.file +
             (found.option.empty() ? "" : " (" + found.option + ")") + " seals " +
             found.seal.recording + " to cue line " + std::to_string(found.seal.cue_lines) +
             " with digest " + found.seal.digest + " (" + found.source +
             "), which is not this recording's chain, while " + other.source +
             " matches it: " + found.file + " belongs to another game or another recording";
  return std::nullopt;
}

// When the arbiter named the file, it may simply be the wrong one.
std::string or_wrong_file(const FoundSeal& found) {
  if (found.option.empty()) return "";
  return ", or " + found.option + " " + found.file +
         " is another game's record, not this recording's";
}

// The anchor: each seal's line count and digest are the chain's.
Checked<bool> check_anchors(const Evidence& evidence, const speech::RecordingCheck& chain) {
  for (const FoundSeal& found : evidence.seals) {
    if (matches_chain(found, chain)) continue;
    if (auto other = other_records(evidence, found, chain)) return tampered(*other);
    const int sealed = found.seal.cue_lines;
    if (sealed > chain.lines)
      return tampered("cut end: the recording holds " + std::to_string(chain.lines) +
                      " cue lines, but " + sealed_when(found) + " covers " +
                      std::to_string(sealed) +
                      ": its end has been cut off (or lines taken out and the chain "
                      "recomputed)" +
                      or_wrong_file(found));
    return tampered(
        "changed and re-chained: the chain at cue line " + std::to_string(sealed) + " is " +
        chain.digest_at(sealed) + ", but " + sealed_when(found) + " has " + found.seal.digest +
        ": a phrase or its audio was changed and the chain recomputed" + or_wrong_file(found));
  }
  return true;
}

// D.2.7: a version 3 seal signs the recording's headers (the sound file's format and rate, the
// cue list's header); and a seal that closed this part (the game's end, the station's stop)
// leaves nothing after it that no later seal covers: a torn tail is what a stop between a
// phrase's audio and its cue line leaves, and a part closed by its seal was not stopped so.
Checked<bool> check_headers_and_tail(const Evidence& evidence, const speech::RecordingCheck& chain,
                                     const fs::path& file) {
  for (const FoundSeal& found : evidence.seals) {
    if (!found.seal.play || found.seal.play->audio.empty()) continue;
    auto headers = speech::recording_headers(file);
    if (!headers) return stop(RecordingVerdict::Unreadable, headers.error().message);
    if (*headers != found.seal.play->audio)
      return tampered("the recording's headers changed after the seal: " + sealed_when(found) +
                      " signs \"" + found.seal.play->audio + "\", the files say \"" + *headers +
                      "\"");
  }
  for (const FoundSeal& found : evidence.seals) {
    // The seals that close a part: the game's end and the station's stop (docs/record.md).
    const bool closing = found.seal.occasion == "end" || found.seal.occasion == "stop";
    if (!closing || found.seal.cue_lines > chain.lines) continue;
    if (found.seal.occasion == "end" && chain.lines > found.seal.cue_lines &&
        std::none_of(evidence.seals.begin(), evidence.seals.end(), [&](const FoundSeal& other) {
          return other.seal.cue_lines == chain.lines && other.seal.occasion != "end";
        }))
      return tampered("after the seal of the game's end: " + sealed_when(found) + " covers cue " +
                      "lines 1 to " + std::to_string(found.seal.cue_lines) + ", and " +
                      std::to_string(chain.lines - found.seal.cue_lines) +
                      " more follow that no later seal covers");
    if (!chain.torn_tail.empty() && found.seal.cue_lines == chain.lines)
      return tampered("after the seal that closed this recording: " + sealed_when(found) +
                      " covers every cue line, but more follows (" + chain.torn_tail +
                      "): not a torn tail, since a part closed by its seal was not cut off");
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
  // A count is worded with tr_n: "1 cue line (1 phrase", never "1 cue lines".
  const auto lines = static_cast<unsigned long>(chain.lines);
  const auto phrases = static_cast<unsigned long>(chain.phrases);
  std::string line = file + ": " +
                     i18n::format(i18n::tr_n("{n} cue line", "{n} cue lines", lines),
                                  {{"n", std::to_string(lines)}}) +
                     " (" +
                     i18n::format(i18n::tr_n("{n} phrase", "{n} phrases", phrases),
                                  {{"n", std::to_string(phrases)}});
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
                        const TrustedKeys& keys, RecordingReport& report) {
  auto files = speech::read_recording(options.file);
  if (!files) return stop(RecordingVerdict::Unreadable, files.error().message);
  auto chain = speech::verify_cue_list(files->cue_list, files->audio.samples,
                                       files->cue_path.filename().string());
  if (!chain) return tampered(chain.error().message);
  describe_chain(*chain, options.file.string(), report);

  const fs::path folder = options.file.parent_path();
  const std::string recording = options.file.filename().string();
  Evidence evidence;
  // The PGN is read once; a named --pgn that cannot be read is reported after the journal's
  // own check, which needs no PGN.
  PgnFile pgn;
  pgn.file =
      options.pgn.empty() ? RecordFile{folder / "game.pgn", ""} : RecordFile{options.pgn, "--pgn"};
  const auto pgn_text = read_if_present(pgn.file.path, pgn.file.option);
  if (pgn_text && *pgn_text) {
    pgn.present = true;
    pgn.games = core::read_pgn_games(**pgn_text);
  }
  const auto journal =
      read_journal_seals(options.journal.empty() ? RecordFile{folder / "game.journal", ""}
                                                 : RecordFile{options.journal, "--journal"},
                         pgn, recording, evidence);
  if (!journal) return fail_with(journal.error());
  if (!pgn_text) return fail_with(pgn_text.error());
  if (const auto sealed = read_pgn_seal(pgn, recording, evidence); !sealed)
    return fail_with(sealed.error());
  for (auto& note : evidence.notes) report.lines.push_back("note: " + note);

  for (const auto& step :
       {check_seals(evidence), check_parts(evidence), check_keys(evidence, keys),
        check_anchors(evidence, *chain), check_headers_and_tail(evidence, *chain, options.file),
        check_code(evidence, code), check_adjournments(evidence, report)})
    if (!step) return fail_with(step.error());
  describe_keys(evidence, keys, report);
  judge_extent(evidence, *chain, options, report);
  return true;
}

std::string result_line(RecordingVerdict verdict) {
  switch (verdict) {
    case RecordingVerdict::Unreadable:
      return "result: cannot be read";
    case RecordingVerdict::KeyChanged:
      return "result: not verified: sealed by more than one station key, none given";
    default:
      return "result: TAMPERED or inconsistent";
  }
}

// The keys given on the command line and in the list of stations, by fingerprint. A line of the
// list: a fingerprint or a public key, then (after a space) the station's name; "#" begins a
// comment.
Result<TrustedKeys> trusted_keys(const RecordingCheckOptions& options) {
  TrustedKeys keys;
  for (const auto& text : options.keys) {
    auto fingerprint = parse_key_fingerprint(text);
    if (!fingerprint) return fail("--key: " + fingerprint.error().message);
    keys.push_back({*fingerprint, ""});
  }
  if (options.key_list.empty()) return keys;
  std::ifstream in(options.key_list);
  if (!in)
    return fail(cannot_read("--keys", options.key_list, read_fault(options.key_list, errno)));
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (const auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    const auto first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos) continue;
    const auto end = line.find_first_of(" \t\r", first);
    auto fingerprint = parse_key_fingerprint(line.substr(first, end - first));
    if (!fingerprint)
      return fail("--keys: " + options.key_list.string() + " line " + std::to_string(number) +
                  ": " + fingerprint.error().message);
    std::string name;
    if (end != std::string::npos) {
      const auto from = line.find_first_not_of(" \t", end);
      const auto to = line.find_last_not_of(" \t\r");
      if (from != std::string::npos) name = line.substr(from, to - from + 1);
    }
    keys.push_back({*fingerprint, name});
  }
  if (keys.empty()) return fail("--keys: " + options.key_list.string() + " names no key");
  return keys;
}

}  // namespace

int RecordingReport::exit_code() const {
  switch (verdict) {
    case RecordingVerdict::Verified:
      return 0;
    case RecordingVerdict::NotSealed:
    case RecordingVerdict::Tampered:
    case RecordingVerdict::KeyChanged:
      return 1;
    case RecordingVerdict::Unreadable:
      break;
  }
  return 2;
}

RecordingReport check_recording(const RecordingCheckOptions& options) {
  RecordingReport report;
  std::string code;
  if (!options.code.empty()) {
    auto parsed = parse_seal_code(options.code);
    if (!parsed) {
      report.problem = "--code: " + parsed.error().message;
      return report;
    }
    code = *parsed;
  }
  auto keys = trusted_keys(options);
  if (!keys) {
    report.problem = keys.error().message;
    return report;
  }
  if (auto done = check_all(options, code, *keys, report); !done) {
    report.verdict = done.error().verdict;
    report.problem = done.error().problem;
    report.lines.push_back(result_line(done.error().verdict));
  }
  return report;
}

}  // namespace annabella::app
