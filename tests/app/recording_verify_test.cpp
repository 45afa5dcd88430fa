// `annabella recording verify` against the attacks of issue 11, section 4 (D.2.7), on a real
// recording (`annabella say --wav`, eSpeak NG) sealed as the station seals it: a seal signed
// with a station key in a temporary folder, in the journal (an entry of kind "seal") and in the
// PGN (the Annabella* tags) beside the recording.
//
// Each attack is done as an attacker would: the files edited, and where the attack needs it,
// the chain recomputed (speech::chain_digest is public). The attacks "cut end", "changed and
// re-chained", "removed and re-chained", "swapped and re-chained" and "foreign key" passed the
// old check with exit 0: run this test with ANNABELLA_VERIFY_BINARY naming an older annabella
// to see it (the old binary is then the one that verifies).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "app/journal.h"
#include "app/journal_records.h"
#include "app/record.h"
#include "app/recording_check.h"
#include "app/recording_seal.h"
#include "app/station_key.h"
#include "core/pgn.h"
#include "speech/cue_list.h"
#include "speech/recorder.h"
#include "speech/sound_file.h"
#include "support/file_size_limit.h"
#include "support/messages_language.h"
#include "support/record_header.h"
#include "support/temp_dir.h"

namespace annabella::app {
namespace recording_verify_test {
namespace {

namespace fs = std::filesystem;
using annabella::testing::game_header;
using annabella::testing::read_file;
using annabella::testing::run_command;
using annabella::testing::TempDir;

const std::string kBinary = ANNABELLA_BINARY;

std::string verifier() {
  const char* other = std::getenv("ANNABELLA_VERIFY_BINARY");
  return other != nullptr && other[0] != '\0' ? other : kBinary;
}

// One phrase of a recording as an attacker handles it.
struct CuePhrase {
  std::string time, route, kind, text;
  speech::Samples samples;
};

std::vector<CuePhrase> read_phrases(const fs::path& wav) {
  auto files = speech::read_recording(wav);
  EXPECT_TRUE(files);
  std::vector<CuePhrase> phrases;
  std::istringstream in(files->cue_list);
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> f;
    std::istringstream fields(line);
    for (std::string field; std::getline(fields, field, '\t');) f.push_back(field);
    const auto first = std::stoul(f[2]), end = std::stoul(f[3]);
    phrases.push_back({f[1], f[4], f[5], f[6],
                       speech::Samples(files->audio.samples.begin() + long(first),
                                       files->audio.samples.begin() + long(end))});
  }
  return phrases;
}

// Writes the phrases back with the chain recomputed: what an attacker who knows the format does.
void write_rechained(const fs::path& wav, const std::vector<CuePhrase>& phrases) {
  speech::Samples audio;
  std::string cues = "# annabella recording cue list v3: audio " + wav.filename().string() +
                     ", 22050 Hz mono 16-bit\n";
  std::string digest = speech::genesis_digest();
  for (std::size_t i = 0; i < phrases.size(); ++i) {
    const auto& p = phrases[i];
    const std::string body = std::to_string(i + 1) + "\t" + p.time + "\t" +
                             std::to_string(audio.size()) + "\t" +
                             std::to_string(audio.size() + p.samples.size()) + "\t" + p.route +
                             "\t" + p.kind + "\t" + p.text;
    digest = speech::chain_digest({digest, body, p.samples});
    cues += body + "\t" + digest + "\n";
    audio.insert(audio.end(), p.samples.begin(), p.samples.end());
  }
  {
    auto writer = speech::SoundFileWriter::create(wav, 22050);
    ASSERT_TRUE(writer);
    ASSERT_TRUE((*writer)->write(audio));
  }
  std::ofstream(speech::cue_list_path(wav)) << cues;
}

// A record folder: a recording of five moves, sealed at its end in the journal and the PGN.
struct SealedRecord {
  TempDir dir;
  fs::path wav = dir / "announcements.wav";
  fs::path keys = dir / "keys";
  RecordingSeal seal;

  SealedRecord() {
    std::string out;
    EXPECT_EQ(run_command(kBinary + " say --silent --wav " + wav.string() + " e4 e5 Nf3 Nc6 Bb5",
                          out, true),
              0)
        << out;
    seal = sign(keys);
    write_journal({seal});
    write_pgn(seal);
  }

  // Seals the recording as it is now, with the key in `key_folder`.
  RecordingSeal sign(const fs::path& key_folder, const RecordHeader& header = game_header(),
                     std::string_view occasion = "end") {
    auto check = speech::verify_recording(wav);
    EXPECT_TRUE(check);
    auto key = StationKey::load_or_create(key_folder);
    EXPECT_TRUE(key) << key.error().message;
    auto sealed = sign_seal({wav, check->lines, check->last_digest, false}, sealed_game(header),
                            occasion, std::chrono::system_clock::now(), *key);
    EXPECT_TRUE(sealed) << sealed.error().message;
    return *sealed;
  }

  void write_journal(const std::vector<RecordingSeal>& seals,
                     const std::vector<std::pair<std::string, std::string>>& begin_extra = {}) {
    fs::remove(dir / "game.journal");
    JournalEntry begin = encode(rec::Begin{game_header()});
    for (const auto& [k, v] : begin_extra) begin.set(k, v);
    auto journal = Journal::create(dir / "game.journal", begin);
    ASSERT_TRUE(journal);
    for (const auto& s : seals) {
      JournalEntry entry;
      entry.kind = "seal";
      entry.fields = seal_fields(s);
      ASSERT_TRUE(journal->append(entry));
    }
    // The game's end, after the seals (their entry numbers stay): a seal of the end without
    // the journal's end is damage.
    ASSERT_TRUE(
        journal->append(encode(rec::End{annabella::testing::resignation(), Millis(60'000)})));
  }

  void write_pgn(const RecordingSeal& s) {
    core::PgnGame pgn;
    const RecordHeader h = game_header();
    pgn.set_tag("Event", h.event);
    pgn.set_tag("Site", "");
    pgn.set_tag("Date", "2026.11.23");
    pgn.set_tag("Round", h.round);
    pgn.set_tag("White", h.white);
    pgn.set_tag("Black", h.black);
    pgn.set_tag("Result", "*");
    pgn.set_tag("Board", std::to_string(h.board));
    for (const auto& [name, value] : seal_pgn_tags(s)) pgn.set_tag(name, value);
    std::ofstream(dir / "game.pgn") << core::write_pgn(pgn);
  }

  int verify(const std::string& options, std::string& out) const {
    return run_command(verifier() + " recording verify " + options + " " + wav.string(), out, true);
  }
  // `recording verify --json` (its exit status in `status`), and what the Python statements
  // `show` print of its problem `p` (the report parsed as UTF-8 JSON).
  std::string problem_shown(const std::string& show, int& status) const {
    const fs::path json = dir / "verify.json";
    std::string out;
    status = run_command(
        verifier() + " recording verify --json " + wav.string() + " > " + json.string(), out);
    EXPECT_EQ(run_command("python3 -c 'import json,sys; "
                          "p=json.loads(open(sys.argv[1],\"rb\").read().decode(\"utf-8\"))"
                          "[\"problem\"]; " +
                              show + "' " + json.string(),
                          out, true),
              0)
        << out << read_file(json);
    return out;
  }
  std::string cues() const { return read_file(speech::cue_list_path(wav)); }
  void set_cues(const std::string& text) const {
    std::ofstream(speech::cue_list_path(wav)) << text;
  }
};

// The cue lines of a cue list's text, and the text from them.
std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}
std::string join_lines(const std::vector<std::string>& lines) {
  std::string text;
  for (const auto& line : lines) text += line + "\n";
  return text;
}

void expect_tampered(const SealedRecord& record, const std::string& options,
                     const std::string& message) {
  std::string out;
  EXPECT_EQ(record.verify(options, out), 1) << out;
  EXPECT_NE(out.find(message), std::string::npos) << out;
  EXPECT_NE(out.find("result: TAMPERED or inconsistent"), std::string::npos) << out;
}

TEST(RecordingVerify, ASealedRecordVerifiesWithItsCodeAndKey) {
  SealedRecord record;
  auto key = StationKey::load_or_create(record.keys);
  ASSERT_TRUE(key);
  std::string out;
  ASSERT_EQ(record.verify("--code " + seal_code(record.seal) + " --key " + key->fingerprint(), out),
            0)
      << out;
  EXPECT_NE(out.find("5 cue lines (5 phrases), digest chain intact"), std::string::npos) << out;
  EXPECT_NE(out.find("sealed: game.journal entry 2 (sealed " + record.seal.sealed_at +
                     ", end), cue lines 1 to 5, key " + key->fingerprint() + ", code " +
                     seal_code(record.seal)),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("result: verified"), std::string::npos) << out;
  // The code as an arbiter may write it.
  std::string spaced = seal_code(record.seal);
  std::replace(spaced.begin(), spaced.end(), '-', ' ');
  EXPECT_EQ(record.verify("--code \"" + spaced + "\"", out), 0) << out;
}

// Cut the last phrases from both files: the chain that is left is intact, but shorter than the
// seal.
TEST(RecordingVerify, ACutEndFails) {
  SealedRecord record;
  auto phrases = read_phrases(record.wav);
  phrases.resize(3);
  write_rechained(record.wav, phrases);  // a prefix: the same digests as before
  expect_tampered(record, "",
                  "cut end: the recording holds 3 cue lines, but game.journal entry 2 (sealed " +
                      record.seal.sealed_at + ", end) covers 5: its end has been cut off");
}

// Edit a phrase's text and audio and recompute the chain: intact, but not the sealed digest.
TEST(RecordingVerify, AnEditedAndReChainedPhraseFails) {
  SealedRecord record;
  auto phrases = read_phrases(record.wav);
  phrases[1].text = "Eva sechs";
  phrases[1].samples = phrases[0].samples;
  write_rechained(record.wav, phrases);
  expect_tampered(record, "", "changed and re-chained: the chain at cue line 5 is ");
}

TEST(RecordingVerify, ARemovedOrSwappedCueLineFailsWithItsOwnMessage) {
  SealedRecord record;
  const std::string original = record.cues();
  auto lines = split_lines(original);  // 3 header lines, then cue lines 1 to 5
  auto removed = lines;
  removed.erase(removed.begin() + 5);
  record.set_cues(join_lines(removed));
  expect_tampered(record, "", "cue line 3 is missing (cue line 4 follows cue line 2)");
  auto swapped = lines;
  std::swap(swapped[5], swapped[6]);
  record.set_cues(join_lines(swapped));
  expect_tampered(record, "", "cue line 4 comes before cue line 3: the lines have been swapped");

  // The same, with the audio changed to fit and the chain recomputed.
  record.set_cues(original);
  auto phrases = read_phrases(record.wav);
  auto fewer = phrases;
  fewer.erase(fewer.begin() + 2);
  write_rechained(record.wav, fewer);
  expect_tampered(record, "", "or lines taken out and the chain recomputed");
  auto reordered = phrases;
  std::swap(reordered[2], reordered[3]);
  write_rechained(record.wav, reordered);
  expect_tampered(record, "", "changed and re-chained");
}

// What the cue list's check finds is typed (speech::CueListFault): `--json` gives its key and
// facts, and the message is worded in the app, in the language of the messages.
TEST(RecordingVerify, ACueListFaultIsTypedWithItsFacts) {
  SealedRecord record;
  auto lines = split_lines(record.cues());
  lines.erase(lines.begin() + 5);  // cue line 3
  record.set_cues(join_lines(lines));
  int status = 0;
  const std::string out = record.problem_shown(
      "f=p[\"facts\"]; print(p[\"key\"], f[\"line\"], f[\"expected\"], f[\"last\"], f[\"cue\"], "
      "f[\"before\"])",
      status);
  EXPECT_EQ(status, 1);
  EXPECT_EQ(out, "cue_lines_missing 6 3 3 4 2\n");
}

TEST(RecordingVerify, EveryCueListFaultIsWordedInEveryLanguage) {
  using F = speech::CueListFault::Kind;
  for (int k = 0; k < static_cast<int>(F::Unreadable); ++k) {
    speech::CueListFault fault;
    fault.kind = static_cast<F>(k);
    fault.file = "c";
    fault.line = 4;
    fault.cue = 5;
    fault.expected = 3;
    fault.first = "10";
    fault.end = "25";
    fault.marker = "heard";
    fault.text = "Eva vier";
    const RecordingFinding finding = cue_list_finding(fault);
    EXPECT_EQ(finding_key(finding.kind), speech::fault_key(fault.kind));
    testing::use_language("en");
    const std::string en = finding_text(finding);
    EXPECT_EQ(en.rfind("c:4: ", 0), 0U) << en;
    EXPECT_EQ(en.find('{'), std::string::npos) << en;
    for (const char* code : {"de", "mk"}) {
      testing::use_language(code);
      const std::string said = finding_text(finding);
      EXPECT_NE(said, en) << code;
      EXPECT_EQ(said.find('{'), std::string::npos) << said;
    }
  }
  testing::use_language("en");
  speech::CueListFault missing;
  missing.kind = F::LinesMissing;
  missing.file = "game.wav.cues.txt";
  missing.line = 7;
  missing.cue = 4;
  missing.expected = 3;
  EXPECT_EQ(finding_text(cue_list_finding(missing)),
            "game.wav.cues.txt:7: cue line 3 is missing (cue line 4 follows cue line 2): removed "
            "from the cue list");
  missing.cue = 6;
  EXPECT_EQ(finding_text(cue_list_finding(missing)),
            "game.wav.cues.txt:7: cue lines 3 to 5 are missing (cue line 6 follows cue line 2): "
            "removed from the cue list");
  testing::use_language("de");
  EXPECT_EQ(finding_text(cue_list_finding(missing)),
            "game.wav.cues.txt:7: die Cue-Zeilen 3 bis 5 fehlen (Cue-Zeile 6 folgt auf Cue-Zeile "
            "2): aus der Cue-Liste entfernt");
  testing::use_language("en");
}

// What is wrong with a seal is typed (SealFault) and worded with the findings: each kind has its
// key and its words in every language, read from the journal or from the PGN.
TEST(RecordingVerify, EverySealFaultIsWordedInEveryLanguage) {
  using F = SealFault::Kind;
  for (int k = 0; k <= static_cast<int>(F::SignatureDoesNotHold); ++k) {
    for (const bool pgn : {false, true}) {
      SealFault fault;
      fault.kind = static_cast<F>(k);
      fault.pgn = pgn;
      fault.field = "lines";
      fault.value = "x";
      fault.actual = "y";
      const RecordingFinding finding = seal_finding(fault, "game.journal entry 9");
      EXPECT_EQ(finding_key(finding.kind).substr(0, 5), "seal_") << k;
      testing::use_language("en");
      const std::string en = finding_text(finding);
      EXPECT_EQ(en.rfind("game.journal entry 9: the ", 0), 0U) << en;
      EXPECT_EQ(en.find('{'), std::string::npos) << en;
      EXPECT_EQ(en.find("PGN") != std::string::npos, pgn) << en;
      for (const char* code : {"de", "mk"}) {
        testing::use_language(code);
        const std::string said = finding_text(finding);
        EXPECT_NE(said, en) << code;
        EXPECT_EQ(said.find('{'), std::string::npos) << said;
      }
    }
  }
  testing::use_language("en");
  SealFault time;
  time.kind = F::TimeNotUtc;
  time.pgn = true;
  time.value = "14:20";
  EXPECT_EQ(finding_text(seal_finding(time, "game.pgn")),
            "game.pgn: the PGN's seal: the seal's time \"14:20\" is not a UTC time like "
            "2026-11-03T14:22:05Z");
  testing::use_language("de");
  EXPECT_EQ(finding_text(seal_finding(time, "game.pgn")),
            "game.pgn: das Siegel der PGN: die Zeit „14:20“ des Siegels ist keine UTC-Zeit wie "
            "2026-11-03T14:22:05Z");
  testing::use_language("en");
}

// A changed byte in the journal: the line that no longer checks is a typed finding (JournalFault),
// worded in the language of the messages.
TEST(RecordingVerify, ADamagedJournalLineIsTypedWithItsFacts) {
  SealedRecord record;
  std::string journal = read_file(record.dir / "game.journal");
  const auto at = journal.find("white=");
  ASSERT_NE(at, std::string::npos);
  journal[at + 6] = journal[at + 6] == 'X' ? 'Y' : 'X';  // line 1: the checksum no longer matches
  std::ofstream(record.dir / "game.journal", std::ios::binary | std::ios::trunc) << journal;
  int status = 0;
  const std::string out = record.problem_shown(
      "f=p[\"facts\"]; print(p[\"key\"], f[\"line\"], f[\"problem\"], f[\"last\"]); "
      "print(p[\"message\"])",
      status);
  EXPECT_EQ(status, 1);
  EXPECT_EQ(out.rfind("journal_line_damaged 1 checksum_mismatch 0\njournal game.journal: line 1: "
                      "checksum ",
                      0),
            0U)
      << out;
  EXPECT_NE(out.find(" does not match the entry (the journal is damaged before its end; nothing "
                     "was changed)"),
            std::string::npos)
      << out;
  JournalFault fault;
  fault.kind = JournalFault::Kind::SequenceWrong;
  fault.file = "game.journal";
  fault.line = 4;
  fault.last = true;
  fault.value = "5";
  fault.expected = 4;
  const RecordingFinding finding = journal_finding(fault);
  EXPECT_EQ(finding_key(finding.kind), "journal_line_damaged");
  testing::use_language("en");
  EXPECT_EQ(finding_text(finding),
            "journal game.journal: line 4: sequence number 5 where 4 was due (an entry is "
            "missing) (the last entry is whole but damaged; nothing was changed: the arbiter "
            "decides from the paper scoresheets and this file)");
  for (const char* code : {"de", "mk"}) {
    testing::use_language(code);
    EXPECT_EQ(finding_text(finding).find("sequence number"), std::string::npos) << code;
  }
  testing::use_language("en");
}

// The recording changed and re-chained, the journal's seal replaced by one with another key:
// the PGN still holds the station's seal; the begin entry may name the station's key; --key
// and --code tell it even when every file was rewritten consistently.
TEST(RecordingVerify, AForeignKeyFails) {
  SealedRecord record;
  auto station = StationKey::load_or_create(record.keys);
  ASSERT_TRUE(station);
  auto phrases = read_phrases(record.wav);
  phrases[4].text = "Laeufer Bella vier";
  write_rechained(record.wav, phrases);
  const RecordingSeal forged = record.sign(record.dir / "attacker-keys");
  ASSERT_NE(forged.key, record.seal.key);

  record.write_journal({forged});  // the PGN keeps the station's seal, the journal lost it
  expect_tampered(record, "",
                  "game.pgn's seal (end, code " + seal_code(record.seal) +
                      ") is not in "
                      "game.journal");

  record.write_journal({forged}, {{"station_key", station->public_key_hex()}});
  record.write_pgn(forged);
  expect_tampered(record, "",
                  "foreign key: game.journal entry 2 is signed by key " + seal_fingerprint(forged) +
                      ", but game.journal entry 1 names the station's "
                      "key " +
                      station->fingerprint());

  record.write_journal({forged});  // every file rewritten with the attacker's key
  record.write_pgn(forged);
  std::string out;
  EXPECT_EQ(record.verify("", out), 0) << out;  // consistent: only an outside anchor tells
  expect_tampered(record, "--key " + station->fingerprint(),
                  "foreign key: game.journal entry 2 (end, cue lines 1 to 5 of announcements.wav) "
                  "is signed by key " +
                      seal_fingerprint(forged) + ", which is not among the station keys given (" +
                      station->fingerprint() + ")");
  expect_tampered(record, "--code " + seal_code(record.seal),
                  "the scoresheet's code " + seal_code(record.seal) +
                      " is not the code of this recording's seal");
}

TEST(RecordingVerify, AChangedSealOrAnotherGamesSealFails) {
  SealedRecord record;
  RecordingSeal changed = record.seal;
  changed.cue_lines = 4;  // signed over 5
  changed.digest = speech::verify_recording(record.wav)->digest_at(4);
  record.write_journal({changed});
  expect_tampered(record, "", "game.journal entry 2: the seal's signature does not hold");
  // Typed: its key and where the seal stands.
  int status = 0;
  const std::string shown = record.problem_shown(
      "print(p[\"key\"], p[\"facts\"][\"source\"], p[\"facts\"][\"in\"])", status);
  EXPECT_EQ(status, 1);
  EXPECT_EQ(shown, "seal_signature_does_not_hold game.journal entry 2 journal\n");

  RecordHeader other = game_header();
  other.round = "4";
  record.write_journal({record.sign(record.keys, other)});
  fs::remove(record.dir / "game.pgn");
  expect_tampered(record, "",
                  "another game's seal: game.journal entry 2 seals the game Anna Blind - Bert "
                  "Sighted (Open, round 4, board 2), but game.journal entry 1 is the game Anna "
                  "Blind - Bert Sighted (Open, round 3, board 2)");
}

// No seal: the game still runs, or the station stopped before sealing. Exit 1 unless accepted.
TEST(RecordingVerify, AnUnsealedRecordingIsNotVerifiedUnlessAccepted) {
  SealedRecord record;
  fs::remove(record.dir / "game.journal");
  fs::remove(record.dir / "game.pgn");
  std::string out;
  EXPECT_EQ(record.verify("", out), 1) << out;
  EXPECT_NE(out.find("not sealed: no seal of this recording in the journal or the PGN"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("result: not sealed"), std::string::npos) << out;
  EXPECT_EQ(record.verify("--unsealed-ok", out), 0) << out;
  // A code from the scoresheet proves there was a seal: its absence is tampering.
  expect_tampered(record, "--unsealed-ok --code " + seal_code(record.seal),
                  "no seal of this recording was found: the seal has been removed");
}

// Phrases recorded after the last seal (the game went on after an adjournment's seal).
// Lines after an adjournment's seal: the game went on. After the seal of the end, nothing more
// may follow (D.2.7): tampering.
TEST(RecordingVerify, LinesAfterTheLastSealAreNotSealed) {
  SealedRecord record;
  record.seal = record.sign(record.keys, game_header(), "adjourn");
  record.write_journal({record.seal});
  record.write_pgn(record.seal);
  auto phrases = read_phrases(record.wav);
  phrases.push_back(phrases.back());
  phrases.back().text = "Anna sechs";
  write_rechained(record.wav, phrases);  // the first five lines are unchanged
  std::string out;
  EXPECT_EQ(record.verify("", out), 1) << out;
  EXPECT_NE(out.find("not sealed beyond cue line 5: cue lines 6 to 6 were recorded after the "
                     "last seal"),
            std::string::npos)
      << out;
  EXPECT_EQ(record.verify("--unsealed-ok", out), 0) << out;

  SealedRecord ended;
  phrases = read_phrases(ended.wav);
  phrases.push_back(phrases.back());
  write_rechained(ended.wav, phrases);
  expect_tampered(ended, "--unsealed-ok",
                  "after the seal of the game's end: game.journal entry 2 (sealed " +
                      ended.seal.sealed_at + ", end) covers cue lines 1 to 5, and 1 more follow");
}

// What a kill between the audio and its cue line leaves after the last seal of a part no seal
// closed (here an adjournment's): verified, the torn tail reported as not evidence. After the
// seal of the end it is tampering (D.2.7).
TEST(RecordingVerify, ATornTailAfterTheSealIsReportedNotTampering) {
  SealedRecord record;
  record.seal = record.sign(record.keys, game_header(), "adjourn");
  record.write_journal({record.seal});
  record.write_pgn(record.seal);
  auto audio = speech::read_sound_file(record.wav);
  ASSERT_TRUE(audio);
  audio->samples.insert(audio->samples.end(), 3000, 7);  // a phrase's audio without its line
  {
    auto writer = speech::SoundFileWriter::create(record.wav, 22050);
    ASSERT_TRUE(writer);
    ASSERT_TRUE((*writer)->write(audio->samples));
  }
  std::string out;
  EXPECT_EQ(record.verify("", out), 0) << out;
  EXPECT_NE(out.find("torn tail (not covered by the chain, not evidence; left by a stop between "
                     "a phrase's audio and its cue line): 3000 samples after the last cue line"),
            std::string::npos)
      << out;

  SealedRecord ended;
  auto ended_audio = speech::read_sound_file(ended.wav);
  ASSERT_TRUE(ended_audio);
  ended_audio->samples.insert(ended_audio->samples.end(), 3000, 7);
  {
    auto writer = speech::SoundFileWriter::create(ended.wav, 22050);
    ASSERT_TRUE(writer);
    ASSERT_TRUE((*writer)->write(ended_audio->samples));
  }
  expect_tampered(ended, "", "after the seal that closed this recording");
}

TEST(RecordingVerify, UnreadableInputAndWrongOptionsExitTwo) {
  SealedRecord record;
  std::string out;
  EXPECT_EQ(run_command(verifier() + " recording verify " + (record.dir / "nothing.wav").string(),
                        out, true),
            2)
      << out;
  EXPECT_NE(out.find("cannot read sound file"), std::string::npos) << out;
  EXPECT_EQ(record.verify("--code 123-456", out), 2) << out;
  EXPECT_NE(out.find("--code: the code \"123-456\" has 6 digits, not 12"), std::string::npos)
      << out;
  EXPECT_EQ(record.verify("--key zz", out), 2) << out;
  // A journal that cannot be read (a folder in its place; a file without permission would not
  // stop root, who runs the tests in CI).
  fs::remove(record.dir / "game.journal");
  fs::create_directory(record.dir / "game.journal");
  EXPECT_EQ(record.verify("", out), 2) << out;
  EXPECT_NE(out.find("game.journal\": Is a directory"), std::string::npos) << out;
}

// Counts are worded in the singular for one: "1 cue line (1 phrase", never "1 cue lines".
TEST(RecordingVerify, OneCueLineIsWordedInTheSingular) {
  TempDir dir;
  const fs::path wav = dir / "one.wav";
  std::string out;
  ASSERT_EQ(run_command(kBinary + " say --silent --wav " + wav.string() + " e4", out, true), 0)
      << out;
  EXPECT_EQ(run_command(verifier() + " recording verify --unsealed-ok " + wav.string(), out, true),
            0)
      << out;
  EXPECT_NE(out.find("one.wav: 1 cue line (1 phrase), digest chain intact"), std::string::npos)
      << out;
}

// A mistyped --journal or --pgn is a file that cannot be read (exit 2), not "no seal there":
// with --code it used to say "verified" (the PGN's seal), and with both mistyped "the seal has
// been removed from the record" (exit 1).
TEST(RecordingVerify, AMistypedJournalOrPgnPathCannotBeRead) {
  SealedRecord record;
  std::string out;
  const std::string code = "--code " + seal_code(record.seal);
  const std::string missing = (record.dir / "nonexist").string();
  EXPECT_EQ(record.verify(code + " --journal " + missing, out), 2) << out;
  EXPECT_NE(out.find("--journal: cannot read \"" + missing + "\": No such file or directory"),
            std::string::npos)
      << out;
  EXPECT_EQ(record.verify(code + " --journal " + missing + " --pgn " + missing, out), 2) << out;
  EXPECT_EQ(out.find("TAMPERED"), std::string::npos) << out;
  EXPECT_EQ(record.verify(code + " --pgn " + missing, out), 2) << out;
  EXPECT_NE(out.find("--pgn: cannot read"), std::string::npos) << out;
}

// --journal naming another recording's journal (same players, another game) is said to be that,
// not "a phrase or its audio was changed and the chain recomputed", when the PGN beside the
// recording holds a seal that matches the chain.
TEST(RecordingVerify, AnotherRecordingsJournalIsNamedAsSuch) {
  SealedRecord record;
  SealedRecord other;
  std::string out;
  fs::remove(other.wav);
  fs::remove(speech::cue_list_path(other.wav));
  ASSERT_EQ(
      run_command(kBinary + " say --silent --wav " + other.wav.string() + " d4 d5 c4", out, true),
      0)
      << out;
  other.write_journal({other.sign(record.keys)});  // the same station, another game
  const std::string journal = (other.dir / "game.journal").string();
  EXPECT_EQ(record.verify("--journal " + journal, out), 1) << out;
  // The PGN beside the recording holds a seal the named journal lacks: either that journal is
  // another game's, or it was cut; both are named, and nothing is called re-chained.
  EXPECT_NE(out.find("or --journal " + journal + " is another game's record"), std::string::npos)
      << out;
  EXPECT_EQ(out.find("chain recomputed"), std::string::npos) << out;
}

// Issues 13 and 17: the findings are typed (a kind and its facts), worded apart from the check;
// each attack is told by its kind, not by parsing English.
TEST(RecordingVerify, EachAttackIsTypedByItsKindWithItsFacts) {
  SealedRecord record;
  const auto check = [&](const std::string& code = "") {
    RecordingCheckOptions options;
    options.file = record.wav;
    options.code = code;
    return check_recording(options);
  };
  RecordingReport report = check();
  EXPECT_EQ(report.verdict, RecordingVerdict::Verified);
  ASSERT_FALSE(report.findings.empty());
  EXPECT_EQ(report.findings.front().kind, RecordingFindingKind::Chain);
  EXPECT_EQ(report.findings.front().fact("lines"), "5");
  EXPECT_EQ(report.findings.back().kind, RecordingFindingKind::Verified);
  EXPECT_FALSE(report.problem);

  auto phrases = read_phrases(record.wav);
  phrases.resize(3);
  write_rechained(record.wav, phrases);
  report = check();
  EXPECT_EQ(report.verdict, RecordingVerdict::Tampered);
  ASSERT_TRUE(report.problem);
  EXPECT_EQ(report.problem->kind, RecordingFindingKind::CutEnd);
  EXPECT_EQ(finding_key(report.problem->kind), "cut_end");
  EXPECT_EQ(report.problem->fact("lines"), "3");
  EXPECT_EQ(report.problem->fact("sealed"), "5");
  EXPECT_EQ(report.findings.back().kind, RecordingFindingKind::ResultTampered);

  fs::remove(record.dir / "game.journal");
  fs::remove(record.dir / "game.pgn");
  report = check();
  EXPECT_EQ(report.verdict, RecordingVerdict::NotSealed);
  ASSERT_TRUE(report.problem);
  EXPECT_EQ(report.problem->kind, RecordingFindingKind::NoSeal);
  report = check(seal_code(record.seal));
  ASSERT_TRUE(report.problem);
  EXPECT_EQ(report.problem->kind, RecordingFindingKind::CodeWithoutSeal);
  EXPECT_EQ(report.problem->fact("code"), seal_code(record.seal));
}

// The findings in the arbiter's language (--lang): German and Macedonian from the catalogs.
TEST(RecordingVerify, FindingsAreWordedInTheArbitersLanguage) {
  SealedRecord record;
  auto phrases = read_phrases(record.wav);
  phrases.resize(3);
  write_rechained(record.wav, phrases);
  std::string out;
  EXPECT_EQ(run_command(kBinary + " --lang de recording verify " + record.wav.string(), out, true),
            1)
      << out;
  EXPECT_NE(out.find("abgeschnittenes Ende: die Aufnahme hat 3 Cue-Zeilen"), std::string::npos)
      << out;
  EXPECT_NE(out.find("Ergebnis: MANIPULIERT oder widersprüchlich"), std::string::npos) << out;
  EXPECT_EQ(run_command(kBinary + " --lang mk recording verify " + record.wav.string(), out, true),
            1)
      << out;
  EXPECT_NE(out.find("отсечен крај: снимката има 3 реда"), std::string::npos) << out;
  EXPECT_EQ(out.find("cut end"), std::string::npos) << out;
}

// `recording verify --json`: each finding's stable key, its facts and its message, and the
// problem, parsed as UTF-8 JSON by Python; the message follows the language, the keys do not.
TEST(RecordingVerify, JsonGivesEachFindingsKeyFactsAndMessage) {
  SealedRecord record;
  auto phrases = read_phrases(record.wav);
  phrases.resize(3);
  write_rechained(record.wav, phrases);  // a cut end
  const fs::path json = record.dir / "verify.json";
  const std::string read =
      "python3 -c 'import json,sys; "
      "j=json.loads(open(sys.argv[1],\"rb\").read().decode(\"utf-8\")); "
      "print(j[\"verdict\"], j[\"exit_code\"]); "
      "print(\" \".join(f[\"key\"] for f in j[\"findings\"])); "
      "c=j[\"problem\"]; print(c[\"key\"], c[\"facts\"][\"lines\"], c[\"facts\"][\"sealed\"]); "
      "print(c[\"message\"]); print(j[\"findings\"][0][\"message\"])' " +
      json.string();
  std::string out;
  EXPECT_EQ(run_command(verifier() + " recording verify --json " + record.wav.string() + " > " +
                            json.string(),
                        out),
            1)
      << out;
  ASSERT_EQ(run_command(read, out, true), 0) << out << read_file(json);
  EXPECT_NE(out.find("tampered 1\n"), std::string::npos) << out;
  EXPECT_NE(out.find("chain last_digest"), std::string::npos) << out;
  EXPECT_NE(out.find("result_tampered"), std::string::npos) << out;
  EXPECT_NE(out.find("cut_end 3 5\n"), std::string::npos) << out;
  EXPECT_NE(out.find("cut end: the recording holds 3 cue lines, but game.journal entry 2"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("3 cue lines (3 phrases), digest chain intact"), std::string::npos) << out;
  // In German: the keys and facts stay, the messages are German.
  EXPECT_EQ(run_command(kBinary + " --lang de recording verify --json " + record.wav.string() +
                            " > " + json.string(),
                        out),
            1)
      << out;
  ASSERT_EQ(run_command(read, out, true), 0) << out << read_file(json);
  EXPECT_NE(out.find("cut_end 3 5\n"), std::string::npos) << out;
  EXPECT_NE(out.find("abgeschnittenes Ende: die Aufnahme hat 3 Cue-Zeilen"), std::string::npos)
      << out;
  // A verified recording: no problem.
  SealedRecord good;
  const fs::path ok = good.dir / "verify.json";
  EXPECT_EQ(
      run_command(
          verifier() + " recording verify --json " + good.wav.string() + " > " + ok.string(), out),
      0)
      << out;
  ASSERT_EQ(run_command("python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); "
                        "print(j[\"verdict\"], j[\"problem\"], j[\"findings\"][-1][\"key\"])' " +
                            ok.string(),
                        out, true),
            0)
      << out;
  EXPECT_EQ(out, "verified None verified\n");
}

// Tester 14j: a recording cut by a full disk and resumed when there was room again: `recording
// verify` names the gap (the cue lines of its cut and its resumption, their times, how many
// phrases are missing) and verifies the rest, the gap's markers inside the chain. Before, the
// recording stopped for good at its cut.
TEST(RecordingVerify, AGapInTheRecordingIsNamedWithItsCueLinesAndTimes) {
  TempDir dir;
  const fs::path wav = dir.path() / "announcements.wav";
  auto recorder = speech::Recorder::create(wav, 8);
  ASSERT_TRUE(recorder) << recorder.error().message;
  const speech::Samples audio(300, 1000);
  const auto say = [&](int second) {
    return static_cast<bool>((*recorder)->record(std::chrono::seconds(second), "public", "move",
                                                 "tone " + std::to_string(second), audio));
  };
  ASSERT_TRUE(say(1));
  {
    annabella::testing::FileSizeLimit full(fs::file_size(wav) + 100);
    ASSERT_TRUE(full.ok());
    EXPECT_FALSE(say(2));
    EXPECT_FALSE(say(3));
  }
  EXPECT_TRUE(say(4));
  RecordingCheckOptions options;
  options.file = wav;
  options.unsealed_ok = true;
  const RecordingReport report = check_recording(options);
  EXPECT_EQ(report.verdict, RecordingVerdict::Verified) << report.problem_text();
  const auto gap = std::find_if(report.findings.begin(), report.findings.end(),
                                [](const auto& f) { return f.kind == RecordingFindingKind::Gap; });
  ASSERT_NE(gap, report.findings.end());
  EXPECT_EQ(finding_key(gap->kind), "gap");
  EXPECT_EQ(gap->fact("line"), "2");
  EXPECT_EQ(gap->fact("resumed"), "3");
  std::string lines;
  for (const auto& line : report.lines()) lines += line + "\n";
  EXPECT_NE(lines.find("gap: the recording was cut at cue line 2 (00:00:02.000) and resumed at "
                       "cue line 3 (00:00:04.000); nothing said in between is recorded: "
                       "recording resumed: 2 phrases said from 00:00:02.000 to 00:00:04.000 not "
                       "recorded"),
            std::string::npos)
      << lines;
}

}  // namespace
}  // namespace recording_verify_test
}  // namespace annabella::app
