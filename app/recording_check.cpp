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
  std::vector<RecordingFinding> notes;
};

// The station keys the arbiter gave, by fingerprint, with the name the list gives ("" none).
struct TrustedKey {
  std::string fingerprint, name;
};
using TrustedKeys = std::vector<TrustedKey>;

using Kind = RecordingFindingKind;
using Facts = std::vector<std::pair<std::string, std::string>>;

// Why the check stops: a verdict and what was found.
struct Stop {
  RecordingVerdict verdict;
  RecordingFinding finding;
};
template <class T>
using Checked = Result<T, Stop>;
Failure<Stop> stop(RecordingVerdict verdict, Kind kind, Facts facts) {
  return fail_with(Stop{verdict, {kind, std::move(facts)}});
}
Failure<Stop> tampered(Kind kind, Facts facts) {
  return stop(RecordingVerdict::Tampered, kind, std::move(facts));
}
// A message of what the check reads (the journal, a seal, the cue list), already worded.
Failure<Stop> damaged(std::string detail) {
  return tampered(Kind::Damaged, {{"detail", std::move(detail)}});
}
Failure<Stop> unreadable(std::string detail) {
  return stop(RecordingVerdict::Unreadable, Kind::CannotRead, {{"detail", std::move(detail)}});
}

// Where a seal was found: "game.journal entry 57".
std::string entry_source(const std::string& file, std::size_t number) {
  return i18n::format(i18n::tr("{file} entry {n}"),
                      {{"file", file}, {"n", std::to_string(number)}});
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
    return unreadable(cannot_read(option, path, read_fault(path, 0)));
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  if (in) text << in.rdbuf();
  if (!in || in.bad()) return unreadable(cannot_read(option, path, read_fault(path, errno)));
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
// Every seal of the journal and the PGN's seal, read and signature checked: what is wrong with
// one is a typed finding (SealFault) naming where the seal stands.
Checked<bool> check_seals_read(const std::string& name, const JournalContents& journal,
                               const PgnFile& pgn) {
  for (std::size_t i = 0; i < journal.entries.size(); ++i) {
    if (journal.entries[i].kind != "seal") continue;
    auto seal = seal_from_fields(journal.entries[i]);
    auto ok = seal ? check_seal_signature(*seal) : Result<void, SealFault>(fail_with(seal.error()));
    if (!ok)
      return fail_with(
          Stop{RecordingVerdict::Tampered, seal_finding(ok.error(), entry_source(name, i + 1))});
  }
  if (pgn.games.empty()) return true;
  const std::string pgn_name = pgn.file.path.filename().string();
  auto seal = seal_from_pgn(pgn.games.back());
  if (!seal)
    return fail_with(Stop{RecordingVerdict::Tampered, seal_finding(seal.error(), pgn_name)});
  if (!*seal) return true;
  if (auto ok = check_seal_signature(**seal); !ok)
    return fail_with(Stop{RecordingVerdict::Tampered, seal_finding(ok.error(), pgn_name)});
  return true;
}

Checked<bool> check_journal_whole(const RecordFile& file, const JournalText& text,
                                  const JournalContents& journal, const PgnFile& pgn) {
  if (auto read = check_seals_read(std::string(text.name), journal, pgn); !read)
    return fail_with(read.error());
  auto ok = check_record_whole(text, journal, pgn.games.empty() ? nullptr : &pgn.games.back(),
                               pgn.file.path.filename().string());
  if (ok) return true;
  // A journal the arbiter named may simply be another game's (the PGN beside the recording is
  // this one's).
  if (file.option.empty()) return damaged(ok.error().message);
  return tampered(
      Kind::DamagedOrOtherRecord,
      {{"detail", ok.error().message}, {"option", file.option}, {"file", file.path.string()}});
}

Checked<bool> read_journal_seals(const RecordFile& file, const PgnFile& pgn,
                                 const std::string& recording, Evidence& evidence) {
  const auto& [path, option] = file;
  auto text = read_if_present(path, option);
  if (!text) return fail_with(text.error());
  if (!*text) return false;
  const std::string name = path.filename().string();
  auto journal = parse_journal_typed({.name = name, .text = **text});
  if (!journal)
    return fail_with(Stop{RecordingVerdict::Tampered, journal_finding(journal.error())});
  if (!journal->torn_tail.empty())
    evidence.notes.push_back({Kind::TornEntry, {{"file", name}, {"detail", journal->torn_tail}}});
  if (auto whole = check_journal_whole(file, {.name = name, .text = **text}, *journal, pgn); !whole)
    return fail_with(whole.error());
  for (std::size_t i = 0; i < journal->entries.size(); ++i) {
    const JournalEntry& entry = journal->entries[i];
    const std::string source = entry_source(name, i + 1);
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
    if (!seal)
      return fail_with(Stop{RecordingVerdict::Tampered, seal_finding(seal.error(), source)});
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
Checked<bool> check_pgn_play(const core::PgnGame& game, const SealedPlay& play,
                             const std::string& name) {
  const auto& nodes = game.moves.moves;
  for (std::size_t ply = 0; ply < play.moves.size(); ++ply) {
    if (ply >= nodes.size())
      return tampered(Kind::PgnEndsEarly, {{"file", name},
                                           {"plies", std::to_string(ply)},
                                           {"signed", std::to_string(play.moves.size())},
                                           {"next", play.moves[ply]}});
    const std::string uci = core::to_uci(nodes[ply].move);
    if (uci != play.moves[ply])
      return tampered(Kind::PgnMoveChanged,
                      {{"file", name},
                       {"number", move_number_text(game.start, static_cast<int>(ply))},
                       {"san", nodes[ply].text},
                       {"uci", uci},
                       {"signed_move", play.moves[ply]}});
  }
  const std::string result = game.tag("Result").empty() ? game.result : game.tag("Result");
  if (nodes.size() == play.moves.size() && (result != play.result || game.result != play.result))
    return tampered(Kind::PgnResultChanged,
                    {{"file", name}, {"result", result}, {"signed", play.result}});
  std::string control;
  if (auto read = core::read_time_control(play.control, core::TwoReadings::Minutes))
    if (auto tag = core::to_pgn_time_control(*read)) control = *tag;
  if (game.tag("TimeControl") != control)
    return tampered(Kind::PgnTimeControlChanged, {{"file", name},
                                                  {"control", game.tag("TimeControl")},
                                                  {"signed", control},
                                                  {"signed_control", play.control}});
  return true;
}

Checked<bool> read_pgn_seal(const PgnFile& pgn, const std::string& recording, Evidence& evidence) {
  if (!pgn.present) return false;
  const auto& [path, option] = pgn.file;
  const std::string name = path.filename().string();
  const auto& games = pgn.games;
  if (games.empty()) {
    evidence.notes.push_back({Kind::NoGameInPgn, {{"file", name}}});
    return true;
  }
  auto seal = seal_from_pgn(games.back());
  if (!seal) return fail_with(Stop{RecordingVerdict::Tampered, seal_finding(seal.error(), name)});
  if (!*seal) return true;
  if ((*seal)->play)
    if (auto ok = check_pgn_play(games.back(), *(*seal)->play, name); !ok)
      return fail_with(ok.error());
  evidence.all_seals.push_back({**seal, name, -1, path.string(), option});
  if ((*seal)->recording == recording)
    evidence.seals.push_back({std::move(**seal), name, -1, path.string(), option});
  else
    evidence.notes.push_back(
        {Kind::OtherSealInPgn, {{"file", name}, {"recording", (*seal)->recording}}});
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
        return tampered(Kind::ForeignKeyOfPart, {{"source", found.source},
                                                 {"fingerprint", seal_fingerprint(found.seal)},
                                                 {"part", part->source},
                                                 {"station", fingerprint_of(part->station_key)}});
      continue;
    }
    if (found.part >= 0 || named.empty()) continue;  // an older journal: nothing named
    if (std::find(named.begin(), named.end(), found.seal.key) == named.end()) {
      std::string keys;
      for (const auto& key : named) keys += (keys.empty() ? "" : ", ") + fingerprint_of(key);
      return tampered(Kind::ForeignKeyOfJournal, {{"source", found.source},
                                                  {"fingerprint", seal_fingerprint(found.seal)},
                                                  {"stations", keys}});
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
      changes.push_back(i18n::format(i18n::tr("{source} (resumed: {from} to {to})"),
                                     {{"source", part.source},
                                      {"from", fingerprint_of(last)},
                                      {"to", fingerprint_of(part.station_key)}}));
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
    items.push_back(i18n::format(i18n::tr("{recording} to cue line {lines} ({source}, {occasion})"),
                                 {{"recording", found.seal.recording},
                                  {"lines", std::to_string(found.seal.cue_lines)},
                                  {"source", found.source},
                                  {"occasion", found.seal.occasion}}));
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
      return tampered(Kind::ForeignKeyNotGiven, {{"source", found.source},
                                                 {"occasion", found.seal.occasion},
                                                 {"lines", std::to_string(found.seal.cue_lines)},
                                                 {"recording", found.seal.recording},
                                                 {"fingerprint", fingerprint},
                                                 {"given", trusted_list(given)}});
    }
    return true;
  }
  const auto keys = keys_of_game(evidence);
  if (keys.size() < 2) return true;
  std::vector<std::string> uses;
  for (const auto& key : keys)
    uses.push_back(i18n::format(
        i18n::tr("{fingerprint} seals {seals}"),
        {{"fingerprint", fingerprint_of(key)}, {"seals", join(sealed_by(evidence, key), ", ")}}));
  std::vector<std::string> fingerprints;
  for (const auto& key : keys) fingerprints.push_back("--key " + fingerprint_of(key));
  const auto changes = key_changes(evidence);
  if (changes.empty())
    return tampered(Kind::KeysDiffer,
                    {{"uses", join(uses, "; ")}, {"stations", join(fingerprints, " ")}});
  return stop(RecordingVerdict::KeyChanged, Kind::StationKeyChanged,
              {{"count", std::to_string(keys.size())},
               {"uses", join(uses, "; ")},
               {"changes", join(changes, ", ")},
               {"stations", join(fingerprints, " ")}});
}

// One line a key of the game: what it seals, and whether it was given.
void describe_keys(const Evidence& evidence, const TrustedKeys& given, RecordingReport& report) {
  for (const auto& key : keys_of_game(evidence)) {
    const std::string fingerprint = fingerprint_of(key);
    std::string status;  // "" none given, "-" not given, "*" given unnamed, else the list's name
    if (const TrustedKey* known = trusted(given, fingerprint))
      status = known->name.empty() ? "*" : known->name;
    else if (!given.empty())
      status = "-";
    report.findings.push_back({Kind::KeyUse,
                               {{"fingerprint", fingerprint},
                                {"given", status},
                                {"seals", join(sealed_by(evidence, key), ", ")}}});
  }
  for (const auto& change : key_changes(evidence))
    report.findings.push_back({Kind::KeyChangedAt, {{"change", change}}});
}

// "Anna Blind - Bert Sighted (Open, round 3, board 2)"
std::string game_text(const std::string& white, const std::string& black, const std::string& event,
                      const std::string& round, const std::string& board) {
  return i18n::format(
      i18n::tr("{white} - {black} ({event}, round {round}, board {board})"),
      {{"white", white}, {"black", black}, {"event", event}, {"round", round}, {"board", board}});
}

Checked<bool> same_game(const FoundSeal& found, const JournalEntry& b,
                        const std::string& begin_source) {
  const SealedGame& g = found.seal.game;
  const bool same = game_value(g.white) == game_value(b.get("white")) &&
                    game_value(g.black) == game_value(b.get("black")) &&
                    game_value(g.event) == game_value(b.get("event")) &&
                    game_value(g.round) == game_value(b.get("round")) &&
                    game_value(g.board) == game_value(b.get("board"));
  if (same) return true;
  return tampered(Kind::AnotherGamesSeal,
                  {{"source", found.source},
                   {"game", game_text(g.white, g.black, g.event, g.round, g.board)},
                   {"begin", begin_source},
                   {"begin_game", game_text(b.get("white"), b.get("black"), b.get("event"),
                                            b.get("round"), b.get("board"))}});
}

// Every seal of this recording: its fields and signature, and the game it names.
Checked<bool> check_seals(const Evidence& evidence) {
  for (const FoundSeal& found : evidence.seals) {
    if (auto ok = check_seal_signature(found.seal); !ok)
      return fail_with(Stop{RecordingVerdict::Tampered, seal_finding(ok.error(), found.source)});
    if (!evidence.begin) continue;
    if (auto ok = same_game(found, *evidence.begin, evidence.begin_source); !ok)
      return fail_with(ok.error());
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
      return tampered(Kind::AdjournmentChanged, {{"source", found.source},
                                                 {"signed", at},
                                                 {"journal_source", last.source},
                                                 {"journal_utc", last.utc}});
    }
    report.findings.push_back({Kind::AdjournedAt, {{"utc", at}, {"source", found.source}}});
  }
  return true;
}

std::string sealed_when(const FoundSeal& found) {
  return i18n::format(i18n::tr("{source} (sealed {sealed_at}, {occasion})"),
                      {{"source", found.source},
                       {"sealed_at", found.seal.sealed_at},
                       {"occasion", found.seal.occasion}});
}

bool matches_chain(const FoundSeal& found, const speech::RecordingCheck& chain) {
  return found.seal.cue_lines <= chain.lines &&
         chain.digest_at(found.seal.cue_lines) == found.seal.digest;
}

// A seal whose digest is not the chain's, while a seal of another file matches the chain: the
// file it came from is another recording's record (a --journal or --pgn naming the wrong game),
// not a sign that this recording was changed.
std::optional<RecordingFinding> other_records(const Evidence& evidence, const FoundSeal& found,
                                              const speech::RecordingCheck& chain) {
  for (const FoundSeal& other : evidence.seals)
    if (other.file != found.file && matches_chain(other, chain))
      return RecordingFinding{Kind::NotThisRecordingsRecord,
                              {{"file", found.file},
                               {"option", found.option},
                               {"recording", found.seal.recording},
                               {"lines", std::to_string(found.seal.cue_lines)},
                               {"digest", found.seal.digest},
                               {"source", found.source},
                               {"other", other.source}}};
  return std::nullopt;
}

// The anchor: each seal's line count and digest are the chain's. When the arbiter named the
// file (an option), it may simply be the wrong one: the finding says so.
Checked<bool> check_anchors(const Evidence& evidence, const speech::RecordingCheck& chain) {
  for (const FoundSeal& found : evidence.seals) {
    if (matches_chain(found, chain)) continue;
    if (auto other = other_records(evidence, found, chain))
      return fail_with(Stop{RecordingVerdict::Tampered, std::move(*other)});
    const int sealed = found.seal.cue_lines;
    if (sealed > chain.lines)
      return tampered(Kind::CutEnd, {{"lines", std::to_string(chain.lines)},
                                     {"seal", sealed_when(found)},
                                     {"sealed", std::to_string(sealed)},
                                     {"option", found.option},
                                     {"file", found.file}});
    return tampered(Kind::ChangedAndRechained, {{"line", std::to_string(sealed)},
                                                {"digest", chain.digest_at(sealed)},
                                                {"seal", sealed_when(found)},
                                                {"sealed_digest", found.seal.digest},
                                                {"option", found.option},
                                                {"file", found.file}});
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
    if (!headers) return unreadable(headers.error().message);
    if (*headers != found.seal.play->audio)
      return tampered(
          Kind::HeadersChanged,
          {{"seal", sealed_when(found)}, {"signed", found.seal.play->audio}, {"found", *headers}});
  }
  for (const FoundSeal& found : evidence.seals) {
    // The seals that close a part: the game's end and the station's stop (docs/record.md).
    const bool closing = found.seal.occasion == "end" || found.seal.occasion == "stop";
    if (!closing || found.seal.cue_lines > chain.lines) continue;
    // After the end only a stop's seal covers more, or, when that end left the result to an
    // arbiter (a claim referred to him, Guidelines III.6.2: it signs "*"), the seal of his
    // decision, the game's second end.
    const bool referred =
        found.seal.occasion == "end" && found.seal.play && found.seal.play->result == "*";
    // An end withdrawn by a take-back (Art. 7, D.2.9) is followed by the take-back's seal; the
    // game and its recording go on after it.
    const bool withdrawn =
        std::any_of(evidence.seals.begin(), evidence.seals.end(), [&](const FoundSeal& other) {
          return other.seal.occasion == "takeback" && other.seal.cue_lines > found.seal.cue_lines;
        });
    if (found.seal.occasion == "end" && !withdrawn && chain.lines > found.seal.cue_lines &&
        std::none_of(evidence.seals.begin(), evidence.seals.end(), [&](const FoundSeal& other) {
          return other.seal.cue_lines == chain.lines && (other.seal.occasion != "end" || referred);
        }))
      return tampered(Kind::AfterEndSeal,
                      {{"seal", sealed_when(found)},
                       {"sealed", std::to_string(found.seal.cue_lines)},
                       {"more", std::to_string(chain.lines - found.seal.cue_lines)}});
    if (!chain.torn_tail.empty() && found.seal.cue_lines == chain.lines)
      return tampered(Kind::AfterClosingSeal,
                      {{"seal", sealed_when(found)}, {"tail", chain.torn_tail}});
  }
  return true;
}

Checked<bool> check_code(const Evidence& evidence, const std::string& code) {
  if (code.empty()) return true;
  if (evidence.seals.empty()) return tampered(Kind::CodeWithoutSeal, {{"code", code}});
  for (const FoundSeal& found : evidence.seals)
    if (seal_code(found.seal) == code) return true;
  return tampered(Kind::CodeNotThisSeal, {{"code", code},
                                          {"seal_code", seal_code(evidence.seals.back().seal)},
                                          {"source", evidence.seals.back().source}});
}

void describe_chain(const speech::RecordingCheck& chain, const std::string& file,
                    RecordingReport& report) {
  report.findings.push_back({Kind::Chain,
                             {{"file", file},
                              {"lines", std::to_string(chain.lines)},
                              {"phrases", std::to_string(chain.phrases)},
                              {"cut", std::to_string(chain.cut_markers)},
                              {"heard", std::to_string(chain.heard_lines)}}});
  for (const auto& gap : chain.gaps)
    report.findings.push_back({Kind::Gap,
                               {{"line", std::to_string(gap.cut.line)},
                                {"time", gap.cut.time},
                                {"resumed", std::to_string(gap.line)},
                                {"resumed_time", gap.time},
                                {"text", gap.text}}});
  if (chain.interrupted)
    report.findings.push_back({Kind::Interrupted,
                               {{"line", std::to_string(chain.interrupted->line)},
                                {"time", chain.interrupted->time},
                                {"text", chain.interrupted->text}}});
  if (!chain.torn_tail.empty())
    report.findings.push_back({Kind::TornTail, {{"tail", chain.torn_tail}}});
  report.findings.push_back({Kind::LastDigest, {{"digest", chain.last_digest}}});
}

const FoundSeal& latest_seal(const Evidence& evidence) {
  return *std::max_element(
      evidence.seals.begin(), evidence.seals.end(),
      [](const FoundSeal& a, const FoundSeal& b) { return a.seal.cue_lines < b.seal.cue_lines; });
}

// Sealed to the end, sealed in part, or not at all.
void judge_extent(const Evidence& evidence, const speech::RecordingCheck& chain,
                  const RecordingCheckOptions& options, RecordingReport& report) {
  const std::string accepted = options.unsealed_ok ? "1" : "";
  std::optional<RecordingFinding> gap;
  if (evidence.seals.empty()) {
    gap = RecordingFinding{Kind::NoSeal, {{"accepted", accepted}}};
  } else {
    const FoundSeal& latest = latest_seal(evidence);
    report.findings.push_back({Kind::Sealed,
                               {{"source", latest.source},
                                {"sealed_at", latest.seal.sealed_at},
                                {"occasion", latest.seal.occasion},
                                {"lines", std::to_string(latest.seal.cue_lines)},
                                {"fingerprint", seal_fingerprint(latest.seal)},
                                {"code", seal_code(latest.seal)}}});
    if (latest.seal.cue_lines < chain.lines)
      gap = RecordingFinding{Kind::NotSealedBeyond,
                             {{"sealed", std::to_string(latest.seal.cue_lines)},
                              {"first", std::to_string(latest.seal.cue_lines + 1)},
                              {"last", std::to_string(chain.lines)},
                              {"accepted", accepted}}};
  }
  if (gap) report.findings.push_back(*gap);
  if (!gap || options.unsealed_ok) {
    report.verdict = RecordingVerdict::Verified;
    report.findings.push_back({Kind::Verified, {}});
    return;
  }
  report.verdict = RecordingVerdict::NotSealed;
  // The problem says how to accept it (the line above says it is not accepted).
  gap->facts.back().second = "hint";
  report.problem = gap;
  report.findings.push_back({Kind::ResultNotSealed, {}});
}

Checked<bool> check_all(const RecordingCheckOptions& options, const std::string& code,
                        const TrustedKeys& keys, RecordingReport& report) {
  auto files = speech::read_recording(options.file);
  if (!files) return unreadable(files.error().message);
  auto chain = speech::verify_cue_list(files->cue_list, files->audio.samples,
                                       files->cue_path.filename().string());
  if (!chain) return fail_with(Stop{RecordingVerdict::Tampered, cue_list_finding(chain.error())});
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
  for (auto& note : evidence.notes) report.findings.push_back(std::move(note));

  for (const auto& step :
       {check_seals(evidence), check_parts(evidence), check_keys(evidence, keys),
        check_anchors(evidence, *chain), check_headers_and_tail(evidence, *chain, options.file),
        check_code(evidence, code), check_adjournments(evidence, report)})
    if (!step) return fail_with(step.error());
  describe_keys(evidence, keys, report);
  judge_extent(evidence, *chain, options, report);
  return true;
}

RecordingFindingKind result_kind(RecordingVerdict verdict) {
  switch (verdict) {
    case RecordingVerdict::Unreadable:
      return Kind::ResultUnreadable;
    case RecordingVerdict::KeyChanged:
      return Kind::ResultKeyChanged;
    default:
      return Kind::ResultTampered;
  }
}

// The keys given on the command line and in the list of stations, by fingerprint. A line of the
// list: a fingerprint or a public key, then (after a space) the station's name; "#" begins a
// comment.
Failure<RecordingFinding> bad_option(std::string option, std::string detail) {
  return fail_with(RecordingFinding{
      Kind::BadOption, {{"option", std::move(option)}, {"detail", std::move(detail)}}});
}

Result<TrustedKeys, RecordingFinding> trusted_keys(const RecordingCheckOptions& options) {
  TrustedKeys keys;
  for (const auto& text : options.keys) {
    auto fingerprint = parse_key_fingerprint(text);
    if (!fingerprint) return bad_option("--key", fingerprint.error().message);
    keys.push_back({*fingerprint, ""});
  }
  if (options.key_list.empty()) return keys;
  std::ifstream in(options.key_list);
  if (!in)
    return fail_with(RecordingFinding{
        Kind::CannotRead,
        {{"detail",
          cannot_read("--keys", options.key_list, read_fault(options.key_list, errno))}}});
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (const auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    const auto first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos) continue;
    const auto end = line.find_first_of(" \t\r", first);
    auto fingerprint = parse_key_fingerprint(line.substr(first, end - first));
    if (!fingerprint)
      return bad_option("--keys", i18n::format(i18n::tr("{file} line {n}: {detail}"),
                                               {{"file", options.key_list.string()},
                                                {"n", std::to_string(number)},
                                                {"detail", fingerprint.error().message}}));
    std::string name;
    if (end != std::string::npos) {
      const auto from = line.find_first_not_of(" \t", end);
      const auto to = line.find_last_not_of(" \t\r");
      if (from != std::string::npos) name = line.substr(from, to - from + 1);
    }
    keys.push_back({*fingerprint, name});
  }
  if (keys.empty())
    return bad_option("--keys", i18n::format(i18n::tr("{file} names no key"),
                                             {{"file", options.key_list.string()}}));
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
      report.problem = RecordingFinding{Kind::BadOption,
                                        {{"option", "--code"}, {"detail", parsed.error().message}}};
      return report;
    }
    code = *parsed;
  }
  auto keys = trusted_keys(options);
  if (!keys) {
    report.problem = keys.error();
    return report;
  }
  if (auto done = check_all(options, code, *keys, report); !done) {
    report.verdict = done.error().verdict;
    report.problem = done.error().finding;
    report.findings.push_back({result_kind(done.error().verdict), {}});
  }
  return report;
}

std::string RecordingFinding::fact(std::string_view name) const {
  for (const auto& [key, value] : facts)
    if (key == name) return value;
  return "";
}

std::vector<std::string> RecordingReport::lines() const {
  std::vector<std::string> out;
  out.reserve(findings.size());
  for (const auto& finding : findings) out.push_back(finding_text(finding));
  return out;
}

std::string RecordingReport::problem_text() const {
  return problem ? finding_text(*problem) : std::string();
}

}  // namespace annabella::app
