#include "app/recording_seal.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <ctime>
#include <functional>

#include "app/game_record.h"
#include "app/i18n.h"
#include "app/recording_check.h"
#include "speech/crypto.h"

namespace annabella::app {
namespace {

constexpr std::string_view kMessageHeader = "annabella recording seal v1";
// With the adjournment's time of day (Guidelines I.2): one line more.
constexpr std::string_view kMessageHeaderV2 = "annabella recording seal v2";
// With the game as the record gave it and the journal's digest (D.2.7): six lines more.
constexpr std::string_view kMessageHeaderV3 = "annabella recording seal v3";

bool all_hex(std::string_view text, std::size_t size) {
  return text.size() == size && std::all_of(text.begin(), text.end(), [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
         });
}

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

// A value in the signed message: escaped, and "?" for an unknown (empty) game value.
std::string message_value(std::string_view value, bool game_value) {
  if (value.empty() && game_value) return "?";
  std::string out;
  for (const char c : value) {
    if (c == '\\')
      out += "\\\\";
    else if (c == '\n')
      out += "\\n";
    else if (c == '\r')
      out += "\\r";
    else
      out += c;
  }
  return out;
}

Result<void, SealFault> check_fields(const RecordingSeal& seal) {
  using K = SealFault::Kind;
  const auto bad = [](K kind, std::string value = {}) {
    SealFault fault;
    fault.kind = kind;
    fault.value = std::move(value);
    return fail_with(std::move(fault));
  };
  if (seal.recording.empty() || seal.recording.find('/') != std::string::npos)
    return bad(K::RecordingNotAFileName, seal.recording);
  if (seal.cue_lines < 0) return bad(K::NegativeLines);
  if (!all_hex(seal.digest, 64)) return bad(K::DigestNotHex);
  if (!is_utc_time_text(seal.sealed_at)) return bad(K::TimeNotUtc, seal.sealed_at);
  if (!seal.adjourned_at.empty() && !is_utc_time_text(seal.adjourned_at))
    return bad(K::AdjournmentNotUtc, seal.adjourned_at);
  if (seal.occasion.empty() || !std::all_of(seal.occasion.begin(), seal.occasion.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || c == '-';
      }))
    return bad(K::OccasionNotAWord, seal.occasion);
  if (seal.play) {
    if (seal.play->journal_entries < 1) return bad(K::JournalEntriesNotACount);
    if (!all_hex(seal.play->journal_digest, 64)) return bad(K::JournalDigestNotHex);
    for (const auto& move : seal.play->moves)
      if (move.size() < 4 || move.size() > 5 || move.find(' ') != std::string::npos)
        return bad(K::MoveNotUci, move);
  }
  if (!all_hex(seal.key, 64)) return bad(K::KeyNotHex);
  if (!all_hex(seal.signature, 128)) return bad(K::SignatureNotHex);
  return {};
}

// The same fault, read from the PGN's tags.
SealFault in_pgn(SealFault fault) {
  fault.pgn = true;
  return fault;
}

std::optional<int> count_of(std::string_view text) {
  if (text.empty() || text.size() > 9 || !std::all_of(text.begin(), text.end(), is_digit))
    return std::nullopt;
  int value = 0;
  for (const char c : text) value = value * 10 + (c - '0');
  return value;
}

// The derived fields, when a source states them, must be what the seal gives.
Result<void, SealFault> check_derived(const RecordingSeal& seal, const std::string& fingerprint,
                                      const std::string& code) {
  SealFault fault;
  if (!fingerprint.empty() && fingerprint != seal_fingerprint(seal)) {
    fault.kind = SealFault::Kind::FingerprintNotTheKeys;
    fault.value = fingerprint;
    fault.actual = seal_fingerprint(seal);
    return fail_with(std::move(fault));
  }
  if (!code.empty() && code != seal_code(seal)) {
    fault.kind = SealFault::Kind::CodeNotTheSeals;
    fault.value = code;
    fault.actual = seal_code(seal);
    return fail_with(std::move(fault));
  }
  return {};
}

// A version 3 seal's game: its names in the journal's seal entry and in the PGN's tags, in
// the order of the signed message.
struct PlayName {
  std::string_view field, tag;
};
constexpr std::array<PlayName, 6> kPlayNames = {{{"audio", "AnnabellaAudio"},
                                                 {"journal_entries", "AnnabellaJournalEntries"},
                                                 {"journal_digest", "AnnabellaJournalDigest"},
                                                 {"control", "AnnabellaControl"},
                                                 {"result", "AnnabellaResult"},
                                                 {"moves", "AnnabellaMoves"}}};

void add_play(std::vector<std::pair<std::string, std::string>>& out, const SealedPlay& play,
              bool pgn) {
  const std::array<std::string, 6> values = {
      play.audio,  std::to_string(play.journal_entries), play.journal_digest, play.control,
      play.result, sealed_moves_text(play.moves)};
  for (std::size_t i = 0; i < kPlayNames.size(); ++i)
    out.emplace_back(pgn ? kPlayNames[i].tag : kPlayNames[i].field, values[i]);
}

Result<SealedPlay, SealFault> play_from(const std::function<std::string(std::string_view)>& get,
                                        bool pgn) {
  const auto name = [&](std::size_t i) { return pgn ? kPlayNames[i].tag : kPlayNames[i].field; };
  const auto entries = count_of(get(name(1)));
  if (!entries) {
    SealFault fault;
    fault.kind = SealFault::Kind::EntriesNotACount;
    fault.pgn = pgn;
    fault.field = std::string(name(1));
    fault.value = get(name(1));
    return fail_with(std::move(fault));
  }
  return SealedPlay{
      *entries,    get(name(2)), get(name(3)), get(name(4)), sealed_moves_from_text(get(name(5))),
      get(name(0))};
}

}  // namespace

bool is_utc_time_text(std::string_view text) {
  constexpr std::string_view shape = "dddd-dd-ddTdd:dd:ddZ";  // digits where the d are
  if (text.size() != shape.size()) return false;
  for (std::size_t i = 0; i < shape.size(); ++i)
    if (shape[i] == 'd' ? !is_digit(text[i]) : text[i] != shape[i]) return false;
  return true;
}

std::string utc_time_text(std::chrono::system_clock::time_point at) {
  const std::time_t seconds = std::chrono::system_clock::to_time_t(at);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  std::array<char, 32> text{};
  std::strftime(text.data(), text.size(), "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text.data();
}

SealedGame sealed_game(const RecordHeader& header) {
  return {header.white, header.black, header.event, header.round, std::to_string(header.board)};
}

std::string sealed_moves_text(const std::vector<std::string>& moves) {
  if (moves.empty()) return "-";
  std::string text;
  for (const auto& move : moves) text += (text.empty() ? "" : " ") + move;
  return text;
}

std::vector<std::string> sealed_moves_from_text(std::string_view text) {
  std::vector<std::string> moves;
  if (text == "-") return moves;
  std::size_t start = 0;
  while (start < text.size()) {
    const auto space = text.find(' ', start);
    const auto end = space == std::string_view::npos ? text.size() : space;
    if (end > start) moves.emplace_back(text.substr(start, end - start));
    start = end + 1;
  }
  return moves;
}

std::string seal_message(const RecordingSeal& seal) {
  std::string m(seal.play                   ? kMessageHeaderV3
                : seal.adjourned_at.empty() ? kMessageHeader
                                            : kMessageHeaderV2);
  m += '\n';
  const auto line = [&](std::string_view name, std::string_view value, bool game_value) {
    m.append(name).append(": ").append(message_value(value, game_value)).append("\n");
  };
  line("recording", seal.recording, false);
  line("lines", std::to_string(seal.cue_lines), false);
  line("digest", seal.digest, false);
  line("sealed_at", seal.sealed_at, false);
  line("occasion", seal.occasion, false);
  if (!seal.adjourned_at.empty()) line("adjourned_at", seal.adjourned_at, false);
  line("white", seal.game.white, true);
  line("black", seal.game.black, true);
  line("event", seal.game.event, true);
  line("round", seal.game.round, true);
  line("board", seal.game.board, true);
  if (seal.play) {
    line("audio", seal.play->audio, true);
    line("journal_entries", std::to_string(seal.play->journal_entries), false);
    line("journal_digest", seal.play->journal_digest, false);
    line("control", seal.play->control, true);
    line("result", seal.play->result, false);
    line("moves", sealed_moves_text(seal.play->moves), false);
  }
  line("key", seal.key, false);
  return m;
}

Result<RecordingSeal> sign_seal(const speech::RecordingAnchor& anchor, const SealedGame& game,
                                std::string_view occasion, std::chrono::system_clock::time_point at,
                                const StationKey& key, std::string_view adjourned_at,
                                std::optional<SealedPlay> play) {
  if (anchor.file.empty())
    return fail(i18n::tr("nothing is recorded: there is no recording to seal"));
  RecordingSeal seal;
  seal.recording = anchor.file.filename().string();
  seal.cue_lines = anchor.cue_lines;
  seal.digest = anchor.digest;
  seal.sealed_at = utc_time_text(at);
  seal.occasion = occasion;
  seal.adjourned_at = adjourned_at;
  seal.game = game;
  seal.play = std::move(play);
  seal.key = key.public_key_hex();
  seal.signature = speech::to_hex(key.sign(seal_message(seal)));
  if (auto ok = check_fields(seal); !ok) return fail(finding_text(seal_finding(ok.error())));
  return seal;
}

Result<void, SealFault> check_seal_signature(const RecordingSeal& seal) {
  if (auto ok = check_fields(seal); !ok) return ok;
  const auto key = speech::from_hex<32>(seal.key);
  const auto signature = speech::from_hex<64>(seal.signature);
  SealFault fault;
  fault.kind = SealFault::Kind::KeyOrSignatureNotHex;
  if (!key || !signature) return fail_with(std::move(fault));
  fault.kind = SealFault::Kind::SignatureDoesNotHold;
  if (!speech::signature_valid(seal_message(seal), *signature, *key))
    return fail_with(std::move(fault));
  return {};
}

std::string seal_fingerprint(const RecordingSeal& seal) {
  return key_hex_fingerprint(seal.key);
}

std::string key_hex_fingerprint(std::string_view key_hex) {
  if (!all_hex(key_hex, 64)) return {};
  const auto key = speech::from_hex<32>(std::string(key_hex));
  return key ? key_fingerprint(*key) : std::string();
}

std::string seal_code(const RecordingSeal& seal) {
  speech::Sha256 h;
  h.update("annabella seal code v1\n");
  h.update(seal.digest);
  h.update("\n");
  h.update(seal.signature);
  h.update("\n");
  const auto digest = h.finish();
  std::uint64_t number = 0;
  for (std::size_t i = 0; i < 8; ++i) number = (number << 8U) | digest[i];
  number %= 1'000'000'000'000ULL;
  std::array<char, 16> digits{};
  std::snprintf(digits.data(), digits.size(), "%012llu", static_cast<unsigned long long>(number));
  const std::string d = digits.data();
  return d.substr(0, 3) + "-" + d.substr(3, 3) + "-" + d.substr(6, 3) + "-" + d.substr(9, 3);
}

Result<std::string> parse_seal_code(std::string_view text) {
  std::string digits;
  for (const char c : text) {
    if (is_digit(c)) {
      digits += c;
    } else if (c != ' ' && c != '-' && c != '.') {
      return fail(i18n::format(
          i18n::tr("the code \"{code}\" must be 12 digits, written like 123-456-789-012"),
          {{"code", std::string(text)}}));
    }
  }
  if (digits.size() != 12)
    return fail(i18n::format(
        i18n::tr("the code \"{code}\" has {count} digits, not 12 (written like 123-456-789-012)"),
        {{"code", std::string(text)}, {"count", std::to_string(digits.size())}}));
  return digits.substr(0, 3) + "-" + digits.substr(3, 3) + "-" + digits.substr(6, 3) + "-" +
         digits.substr(9, 3);
}

std::vector<std::pair<std::string, std::string>> seal_fields(const RecordingSeal& seal) {
  std::vector<std::pair<std::string, std::string>> fields{{"recording", seal.recording},
                                                          {"lines", std::to_string(seal.cue_lines)},
                                                          {"digest", seal.digest},
                                                          {"sealed_at", seal.sealed_at},
                                                          {"occasion", seal.occasion}};
  if (!seal.adjourned_at.empty()) fields.emplace_back("adjourned_at", seal.adjourned_at);
  fields.insert(fields.end(), {{"white", seal.game.white},
                               {"black", seal.game.black},
                               {"event", seal.game.event},
                               {"round", seal.game.round},
                               {"board", seal.game.board}});
  if (seal.play) add_play(fields, *seal.play, false);
  fields.insert(fields.end(), {{"key", seal.key},
                               {"fingerprint", seal_fingerprint(seal)},
                               {"signature", seal.signature},
                               {"code", seal_code(seal)}});
  return fields;
}

JournalEntry seal_entry(const RecordingSeal& seal) {
  JournalEntry entry;
  entry.kind = "seal";
  entry.fields = seal_fields(seal);
  return entry;
}

Result<RecordingSeal, SealFault> seal_from_record(const rec::Seal& record) {
  return seal_from_fields(encode(JournalRecord{record}));
}

Result<RecordingSeal, SealFault> seal_from_fields(const JournalEntry& entry) {
  SealFault fault;
  for (const char* required :
       {"recording", "lines", "digest", "sealed_at", "occasion", "key", "signature"})
    if (!entry.has(required)) {
      fault.kind = SealFault::Kind::MissingField;
      fault.field = required;
      return fail_with(std::move(fault));
    }
  RecordingSeal seal;
  seal.recording = entry.get("recording");
  const auto lines = count_of(entry.get("lines"));
  if (!lines) {
    fault.kind = SealFault::Kind::LinesNotACount;
    fault.field = "lines";
    fault.value = entry.get("lines");
    return fail_with(std::move(fault));
  }
  seal.cue_lines = *lines;
  seal.digest = entry.get("digest");
  seal.sealed_at = entry.get("sealed_at");
  seal.occasion = entry.get("occasion");
  seal.adjourned_at = entry.get("adjourned_at");
  seal.game = {entry.get("white"), entry.get("black"), entry.get("event"), entry.get("round"),
               entry.get("board")};
  if (entry.has("journal_digest")) {
    auto play = play_from([&](std::string_view name) { return entry.get(name); }, false);
    if (!play) return fail_with(play.error());
    seal.play = std::move(*play);
  }
  seal.key = entry.get("key");
  seal.signature = entry.get("signature");
  if (auto ok = check_fields(seal); !ok) return fail_with(ok.error());
  if (auto ok = check_derived(seal, entry.get("fingerprint"), entry.get("code")); !ok)
    return fail_with(ok.error());
  return seal;
}

std::vector<std::pair<std::string, std::string>> seal_pgn_tags(const RecordingSeal& seal) {
  std::vector<std::pair<std::string, std::string>> tags{
      {"AnnabellaRecording", seal.recording},
      {"AnnabellaLines", std::to_string(seal.cue_lines)},
      {"AnnabellaDigest", seal.digest},
      {"AnnabellaSealed", seal.sealed_at},
      {"AnnabellaOccasion", seal.occasion}};
  if (!seal.adjourned_at.empty()) tags.emplace_back("AnnabellaAdjourned", seal.adjourned_at);
  if (seal.play) add_play(tags, *seal.play, true);
  tags.insert(tags.end(), {{"AnnabellaKey", seal.key},
                           {"AnnabellaFingerprint", seal_fingerprint(seal)},
                           {"AnnabellaSignature", seal.signature},
                           {"AnnabellaCode", seal_code(seal)}});
  return tags;
}

Result<std::optional<RecordingSeal>, SealFault> seal_from_pgn(const core::PgnGame& game) {
  const auto has = [&](std::string_view name) {
    return std::any_of(game.tags.begin(), game.tags.end(),
                       [&](const auto& tag) { return tag.first == name; });
  };
  if (!has("AnnabellaRecording")) return std::optional<RecordingSeal>();
  SealFault fault;
  fault.pgn = true;
  for (const char* required : {"AnnabellaLines", "AnnabellaDigest", "AnnabellaSealed",
                               "AnnabellaOccasion", "AnnabellaKey", "AnnabellaSignature"})
    if (!has(required)) {
      fault.kind = SealFault::Kind::MissingField;
      fault.field = required;
      return fail_with(std::move(fault));
    }
  const auto game_value = [&](std::string_view name) {
    std::string value = game.tag(name);
    return value == "?" ? std::string() : value;
  };
  RecordingSeal seal;
  seal.recording = game.tag("AnnabellaRecording");
  const auto lines = count_of(game.tag("AnnabellaLines"));
  if (!lines) {
    fault.kind = SealFault::Kind::LinesNotACount;
    fault.field = "AnnabellaLines";
    fault.value = game.tag("AnnabellaLines");
    return fail_with(std::move(fault));
  }
  seal.cue_lines = *lines;
  seal.digest = game.tag("AnnabellaDigest");
  seal.sealed_at = game.tag("AnnabellaSealed");
  seal.occasion = game.tag("AnnabellaOccasion");
  if (has("AnnabellaAdjourned")) seal.adjourned_at = game.tag("AnnabellaAdjourned");
  seal.game = {game_value("White"), game_value("Black"), game_value("Event"), game_value("Round"),
               game_value("Board")};
  if (has("AnnabellaJournalDigest")) {
    auto play = play_from([&](std::string_view name) { return game.tag(name); }, true);
    if (!play) return fail_with(play.error());
    seal.play = std::move(*play);
  }
  seal.key = game.tag("AnnabellaKey");
  seal.signature = game.tag("AnnabellaSignature");
  if (auto ok = check_fields(seal); !ok) return fail_with(in_pgn(ok.error()));
  if (auto ok = check_derived(seal, game.tag("AnnabellaFingerprint"), game.tag("AnnabellaCode"));
      !ok)
    return fail_with(in_pgn(ok.error()));
  return std::optional<RecordingSeal>(std::move(seal));
}

std::string journal_digest(std::string_view journal_text) {
  return speech::Sha256::hex_of(journal_text);
}

std::string move_number_text(const core::Position& start, int ply) {
  const int game_ply = start.game_ply() + ply;
  return std::to_string(game_ply / 2 + 1) + (game_ply % 2 == 0 ? "." : "...");
}

SealedPlay sealed_play(const GameRecord& record, int entries, std::string_view journal_text,
                       std::string audio) {
  SealedPlay play;
  play.journal_entries = entries;
  play.journal_digest = journal_digest(journal_text);
  play.control = record.header().control;
  play.result = core::result_text(record.game().end().result);
  for (const auto& move : record.game().moves()) play.moves.push_back(core::to_uci(move));
  play.audio = std::move(audio);
  return play;
}

namespace {

// Where the journal's text differs from what a version 3 seal at entry `at` (0-based) signs:
// the first entry that differs when it can be named.
std::optional<std::string> journal_difference(const JournalContents& contents, std::size_t at,
                                              const SealedPlay& signed_play) {
  const auto entry_name = [&](std::size_t i) {
    // TRANSLATORS: {journal} is the journal file's name, {kind} an entry's kind as the journal
    // writes it (move, seal, end, ...).
    return i18n::format(i18n::tr("{journal} entry {n} ({kind})"),
                        {{"journal", contents.name},
                         {"n", std::to_string(i + 1)},
                         {"kind", contents.entries[i].kind}});
  };
  if (static_cast<int>(at) != signed_play.journal_entries)
    return i18n::format(
        i18n::tr("the seal signs {sealed} entries before it, the journal has "
                 "{found}: entries were taken out or put in"),
        {{"sealed", std::to_string(signed_play.journal_entries)}, {"found", std::to_string(at)}});
  JournalContents before;
  before.name = contents.name;
  before.entries.assign(contents.entries.begin(),
                        contents.entries.begin() + static_cast<std::ptrdiff_t>(at));
  auto replayed = replay_journal(before);
  if (!replayed) return replayed.error().message;
  if (replayed->header().control != signed_play.control)
    return i18n::format(
        i18n::tr("{entry} gives the time control \"{control}\", the seal signs \"{sealed}\""),
        {{"entry", entry_name(0)},
         {"control", replayed->header().control},
         {"sealed", signed_play.control}});
  const auto& moves = replayed->game().moves();
  const core::Position& start = replayed->game().start_position();
  std::size_t ply = 0;
  for (std::size_t i = 0; i < at; ++i) {
    if (contents.entries[i].kind != "move") continue;
    const std::string uci = ply < moves.size() ? core::to_uci(moves[ply]) : std::string();
    const std::string sealed =
        ply < signed_play.moves.size() ? signed_play.moves[ply] : std::string(i18n::tr("no move"));
    if (uci != sealed)
      return i18n::format(
          i18n::tr("move {number} {san} ({entry}) is {uci}, the seal signs {sealed}"),
          {{"number", move_number_text(start, static_cast<int>(ply))},
           {"san", contents.entries[i].get("san")},
           {"entry", entry_name(i)},
           {"uci", uci},
           {"sealed", sealed}});
    ++ply;
  }
  if (moves.size() != signed_play.moves.size())
    return i18n::format(i18n::tr("the journal has {found} moves, the seal signs {sealed}"),
                        {{"found", std::to_string(moves.size())},
                         {"sealed", std::to_string(signed_play.moves.size())}});
  const std::string result = core::result_text(replayed->game().end().result);
  if (result != signed_play.result)
    return i18n::format(i18n::tr("the journal's result is {found}, the seal signs {sealed}"),
                        {{"found", result}, {"sealed", signed_play.result}});
  return std::nullopt;  // the moves, the control and the result hold: some other entry changed
}

}  // namespace

Status check_journal_seals(const JournalText& journal, const JournalContents& contents) {
  std::size_t offset = 0;
  std::size_t last_good = 0;  // entries before the last seal that held
  for (std::size_t i = 0; i < contents.entries.size(); ++i) {
    const std::size_t line_start = offset;
    const auto end = journal.text.find('\n', offset);
    offset = end == std::string_view::npos ? journal.text.size() : end + 1;
    const JournalEntry& entry = contents.entries[i];
    if (entry.kind != "seal") continue;
    // TRANSLATORS: {journal} is the journal file's name.
    const std::string source =
        i18n::format(i18n::tr("{journal} entry {n}"),
                     {{"journal", contents.name}, {"n", std::to_string(i + 1)}});
    auto seal = seal_from_fields(entry);
    if (!seal) return fail(source + ": " + finding_text(seal_finding(seal.error())));
    if (auto ok = check_seal_signature(*seal); !ok)
      return fail(source + ": " + finding_text(seal_finding(ok.error())));
    if (!seal->play) continue;
    if (static_cast<int>(i) == seal->play->journal_entries &&
        journal_digest(journal.text.substr(0, line_start)) == seal->play->journal_digest) {
      last_good = i;
      continue;
    }
    std::string where;
    if (auto found = journal_difference(contents, i, *seal->play)) {
      where = std::move(*found);
    } else if (last_good > 0) {
      where = i18n::format(i18n::tr("an entry between entry {n} (the last seal that holds) and "
                                    "this seal was changed"),
                           {{"n", std::to_string(last_good + 1)}});
    } else {
      where = i18n::tr("an entry before it was changed");
    }
    // TRANSLATORS: {occasion} is the seal's name in the journal (end, adjourn, stop, resume,
    // interim, takeback).
    return fail(i18n::format(i18n::tr("the journal was changed before the seal of {occasion} "
                                      "({source}): {where} (D.2.7)"),
                             {{"occasion", seal->occasion}, {"source", source}, {"where", where}}));
  }
  return {};
}

Status check_after_end(const JournalContents& contents) {
  constexpr std::array<std::string_view, 6> kAfterEnd = {"seal", "resume", "heard",
                                                         "note", "touch",  "untouch"};
  bool ended = false;
  std::size_t end = 0;   // the entry of the game's end, when ended
  bool pending = false;  // the end leaves the result to an arbiter (Guidelines III.6.2: "*")
  for (std::size_t i = 0; i < contents.entries.size(); ++i) {
    const std::string& kind = contents.entries[i].kind;
    // Before the end anything; after an end whose result waits for the arbiter (a claim referred
    // to him, Guidelines III.6.2), his decision: one more end, the game's.
    if (!ended || (pending && kind == "end")) {
      if (kind == "end") {
        ended = true;
        end = i;
        pending = contents.entries[i].get("result") == "*";
      }
      continue;
    }
    // Art. 7, D.2.9: the arbiter's take-back of the move that ended the game withdraws the end
    // (the replay refuses a take-back after any other end); play goes on after it.
    if (kind == "takeback") {
      ended = false;
      pending = false;
      continue;
    }
    if (std::find(kAfterEnd.begin(), kAfterEnd.end(), kind) != kAfterEnd.end()) continue;
    return fail(i18n::format(
        i18n::tr("{journal}: entry {n} (line {n}, {kind}) stands after the game's end (entry "
                 "{end}), where the journal holds only seal, resume, heard, note, touch and "
                 "untouch entries: it was put in after the game (D.2.7)"),
        {{"journal", contents.name},
         {"n", std::to_string(i + 1)},
         {"kind", kind},
         {"end", std::to_string(end + 1)}}));
  }
  return {};
}

Status check_record_whole(const JournalText& journal, const JournalContents& contents,
                          const core::PgnGame* pgn, std::string_view pgn_name) {
  if (auto ok = check_journal_seals(journal, contents); !ok) return ok;
  if (auto ok = check_after_end(contents); !ok) return ok;
  if (pgn == nullptr) return {};
  const bool journal_ended =
      std::any_of(contents.entries.begin(), contents.entries.end(),
                  [](const JournalEntry& entry) { return entry.kind == "end"; });
  auto pgn_seal = seal_from_pgn(*pgn);
  if (!pgn_seal)
    return fail(std::string(pgn_name) + ": " + finding_text(seal_finding(pgn_seal.error())));
  const std::string result = pgn->tag("Result");
  // The result the journal gives: its end entry's, or the moves' own (a mate is in the PGN
  // before the end entry is written).
  std::string journal_result;
  if (auto replayed = replay_journal(contents))
    journal_result = core::result_text(replayed->game().end().result);
  const bool other_result =
      !result.empty() && result != "*" && !journal_result.empty() && result != journal_result;
  if ((!journal_ended && *pgn_seal && (*pgn_seal)->occasion == "end") || other_result) {
    // TRANSLATORS: {pgn} and {journal} are file names; {occasion} a seal's name (end, ...).
    const std::string pgn_end =
        *pgn_seal ? i18n::format(i18n::tr("{pgn} gives the game's end (result {result}, the "
                                          "seal of {occasion})"),
                                 {{"pgn", std::string(pgn_name)},
                                  {"result", result},
                                  {"occasion", (*pgn_seal)->occasion}})
                  : i18n::format(i18n::tr("{pgn} gives the game's end (result {result})"),
                                 {{"pgn", std::string(pgn_name)}, {"result", result}});
    const std::string journal_end =
        journal_ended ? i18n::format(i18n::tr("{journal} gives the result {result}"),
                                     {{"journal", contents.name}, {"result", journal_result}})
                      : i18n::format(i18n::tr("{journal} has no end entry (its moves give "
                                              "{result})"),
                                     {{"journal", contents.name}, {"result", journal_result}});
    return fail(i18n::format(i18n::tr("{pgn_end}, but {journal_end}: the journal's end was cut "
                                      "off or changed, or the PGN was changed (D.2.7)"),
                             {{"pgn_end", pgn_end}, {"journal_end", journal_end}}));
  }
  if (!*pgn_seal) return {};
  const bool in_journal =
      std::any_of(contents.entries.begin(), contents.entries.end(), [&](const JournalEntry& entry) {
        return entry.kind == "seal" && entry.get("signature") == (*pgn_seal)->signature;
      });
  if (!in_journal)
    return fail(i18n::format(i18n::tr("{pgn}'s seal ({occasion}, code {code}) is not in "
                                      "{journal}: the journal was cut or changed after it was "
                                      "sealed (D.2.7)"),
                             {{"pgn", std::string(pgn_name)},
                              {"occasion", (*pgn_seal)->occasion},
                              {"code", seal_code(**pgn_seal)},
                              {"journal", contents.name}}));
  return {};
}

std::string seal_summary(const RecordingSeal& seal) {
  // TRANSLATORS: {occasion} is the seal's name in the journal (end, adjourn, stop, resume).
  return i18n::format(i18n::tr_n("recording sealed ({occasion}): {recording}, {lines} line, "
                                 "digest {digest}; key {key}; code {code}",
                                 "recording sealed ({occasion}): {recording}, {lines} lines, "
                                 "digest {digest}; key {key}; code {code}",
                                 static_cast<unsigned long>(seal.cue_lines)),
                      {{"occasion", seal.occasion},
                       {"recording", seal.recording},
                       {"lines", std::to_string(seal.cue_lines)},
                       {"digest", seal.digest},
                       {"key", seal_fingerprint(seal)},
                       {"code", seal_code(seal)}});
}

std::vector<int> seal_code_digits(std::string_view code) {
  const auto parsed = parse_seal_code(code);
  if (!parsed) return {};
  std::vector<int> digits;
  for (const char c : *parsed)
    if (is_digit(c)) digits.push_back(c - '0');
  return digits;
}

Result<std::string> parse_key_fingerprint(std::string_view text) {
  std::string hex;
  for (const char c : text) {
    if (c == '-' || c == ' ') continue;
    hex += static_cast<char>(c >= 'A' && c <= 'F' ? c - 'A' + 'a' : c);
  }
  if (all_hex(hex, 64)) {
    const auto key = speech::from_hex<32>(hex);
    if (key) return key_fingerprint(*key);
  }
  if (all_hex(hex, 16))
    return hex.substr(0, 4) + "-" + hex.substr(4, 4) + "-" + hex.substr(8, 4) + "-" +
           hex.substr(12, 4);
  return fail(i18n::format(i18n::tr("the key \"{key}\" is neither a fingerprint (16 hex digits, "
                                    "like 3f2a-91c4-0b7e-55d2) nor a public key (64 hex digits)"),
                           {{"key", std::string(text)}}));
}

}  // namespace annabella::app
