// `recording verify` when the station key changed between an adjournment and the resumption
// (D.2.7, issue 11): a game in two parts, each recorded into its own file and sealed by its own
// station's key, and the adjournment's seal signing the envelope's time of day (Guidelines I.2).
// In process and on a synthetic recording (no eSpeak, no child process): each test well under a
// second.
//
// The old check took one --key and failed every recording of such a game ("the seals are signed
// by different keys"), whatever the arbiter gave.
#include <gtest/gtest.h>

#include <fstream>

#include "app/journal.h"
#include "app/journal_records.h"
#include "app/recording_check.h"
#include "app/recording_seal.h"
#include "app/station_key.h"
#include "core/pgn.h"
#include "speech/cue_list.h"
#include "support/record_header.h"
#include "support/synthetic_recording.h"
#include "support/temp_dir.h"

namespace annabella::app {
namespace recording_keys_test {
namespace {

namespace fs = std::filesystem;
using annabella::testing::game_header;
using annabella::testing::resignation;
using annabella::testing::TempDir;
using annabella::testing::write_recording;

constexpr std::string_view kAdjournedAt = "2026-11-23T18:47:05Z";

// A game adjourned on station A and finished on station B: announcements.wav sealed by A at the
// adjournment, announcements-2.wav by B at the end; the journal names each part's key.
struct TwoStationGame {
  TempDir dir;
  fs::path first = dir / "announcements.wav";
  fs::path second = dir / "announcements-2.wav";
  StationKey a = *StationKey::load_or_create(dir / "station-a");
  StationKey b = *StationKey::load_or_create(dir / "station-b");
  RecordingSeal adjourn_seal, end_seal;

  TwoStationGame() {
    write_recording(first, {"Eva vier", "Eva fuenf", "Cesar vier"});
    write_recording(second, {"Cesar vier", "Dora sechs"});
    adjourn_seal = sign(first, "adjourn", a, kAdjournedAt);
    end_seal = sign(second, "end", b);
    write_journal(b, end_seal);
    write_pgn(end_seal);
  }

  static RecordingSeal sign(const fs::path& wav, std::string_view occasion, const StationKey& key,
                            std::string_view adjourned_at = {}) {
    auto check = speech::verify_recording(wav);
    EXPECT_TRUE(check);
    auto sealed =
        sign_seal({wav, check->lines, check->last_digest, false}, sealed_game(game_header()),
                  occasion, std::chrono::system_clock::now(), key, adjourned_at);
    EXPECT_TRUE(sealed) << sealed.error().message;
    return *sealed;
  }

  // Entries: 1 begin (A), 2 adjourn, 3 seal (A), 4 resume (`resumed_by`), 5 seal.
  void write_journal(const StationKey& resumed_by, const RecordingSeal& last,
                     std::string adjourned_at = std::string(kAdjournedAt)) const {
    fs::remove(dir / "game.journal");
    auto journal = Journal::create(
        dir / "game.journal",
        encode(
            rec::Begin{game_header(), kJournalFormat, {a.public_key_hex(), "announcements.wav"}}));
    ASSERT_TRUE(journal);
    rec::Adjourn adjourned;
    adjourned.sealed = "e5";
    adjourned.at = Millis(60'000);
    adjourned.utc = std::move(adjourned_at);
    ASSERT_TRUE(journal->append(encode(adjourned)));
    ASSERT_TRUE(journal->append(seal_entry(adjourn_seal)));
    ASSERT_TRUE(journal->append(encode(rec::Resume{
        Millis(60'000), "resumed", {resumed_by.public_key_hex(), "announcements-2.wav"}})));
    ASSERT_TRUE(journal->append(seal_entry(last)));
    // The game's end (the PGN says 1-0; a PGN end without the journal's is damage, D.2.7).
    ASSERT_TRUE(journal->append(encode(rec::End{resignation(), Millis(90'000)})));
  }

  void write_pgn(const RecordingSeal& s) const {
    core::PgnGame pgn;
    const RecordHeader h = game_header();
    pgn.set_tag("Event", h.event);
    pgn.set_tag("Round", h.round);
    pgn.set_tag("White", h.white);
    pgn.set_tag("Black", h.black);
    pgn.set_tag("Result", "1-0");
    pgn.set_tag("Board", std::to_string(h.board));
    for (const auto& [name, value] : seal_pgn_tags(s)) pgn.set_tag(name, value);
    std::ofstream(dir / "game.pgn") << core::write_pgn(pgn);
  }

  RecordingReport verify(const fs::path& wav, std::vector<std::string> keys = {},
                         const fs::path& key_list = {}) const {
    RecordingCheckOptions options;
    options.file = wav;
    options.keys = std::move(keys);
    options.key_list = key_list;
    return check_recording(options);
  }
};

std::string text_of(const RecordingReport& report) {
  std::string text;
  for (const auto& line : report.lines()) text += line + "\n";
  return text + "problem: " + report.problem_text() + "\n";
}

bool has(const RecordingReport& report, const std::string& part) {
  return text_of(report).find(part) != std::string::npos;
}

// Both stations' fingerprints from the tournament's list: each part verifies, and the report
// says which key seals which recording and where the key changed.
TEST(RecordingKeys, AKeyChangedAtTheResumptionVerifiesWithBothStationKeys) {
  TwoStationGame game;
  for (const auto& wav : {game.first, game.second}) {
    const auto report = game.verify(wav, {game.a.fingerprint(), game.b.fingerprint()});
    EXPECT_EQ(report.verdict, RecordingVerdict::Verified) << text_of(report);
    EXPECT_EQ(report.exit_code(), 0);
    EXPECT_TRUE(has(report, "key " + game.a.fingerprint() +
                                " (given): announcements.wav to cue line 3 (game.journal entry 3, "
                                "adjourn)"))
        << text_of(report);
    EXPECT_TRUE(has(report, "key " + game.b.fingerprint() +
                                " (given): announcements-2.wav to cue line 2 (game.journal entry "
                                "5, end)"))
        << text_of(report);
    EXPECT_TRUE(has(report, "station key changed at game.journal entry 4 (resumed: " +
                                game.a.fingerprint() + " to " + game.b.fingerprint() + ")"))
        << text_of(report);
  }
}

// Without the stations' keys a second key is not taken on trust: exit 1, both keys named with
// what each seals, and what to give.
TEST(RecordingKeys, WithoutTheKeysAKeyChangeIsNamedNotVerified) {
  TwoStationGame game;
  const auto report = game.verify(game.second);
  EXPECT_EQ(report.verdict, RecordingVerdict::KeyChanged) << text_of(report);
  EXPECT_EQ(report.exit_code(), 1);
  EXPECT_TRUE(
      has(report, "station key changed: the game is sealed by 2 keys: " + game.a.fingerprint() +
                      " seals announcements.wav to cue line 3 (game.journal entry 3, "
                      "adjourn); " +
                      game.b.fingerprint() + " seals announcements-2.wav to cue line 2"))
      << text_of(report);
  EXPECT_TRUE(has(report, "the journal says the key changed at game.journal entry 4"))
      << text_of(report);
  EXPECT_TRUE(has(report, "--key " + game.a.fingerprint() + " --key " + game.b.fingerprint()))
      << text_of(report);
  EXPECT_TRUE(has(report, "result: not verified: sealed by more than one station key, none given"))
      << text_of(report);
}

// Only the first station's key given: the part it sealed verifies (the other key is listed as
// not given); the part sealed by the other key is named, with its key, as not sealed by a
// station on the list.
TEST(RecordingKeys, APartSealedByAKeyNotGivenIsNamed) {
  TwoStationGame game;
  auto report = game.verify(game.first, {game.a.fingerprint()});
  EXPECT_EQ(report.verdict, RecordingVerdict::Verified) << text_of(report);
  EXPECT_TRUE(has(report, "key " + game.b.fingerprint() + " (not given): announcements-2.wav"))
      << text_of(report);
  report = game.verify(game.second, {game.a.fingerprint()});
  EXPECT_EQ(report.verdict, RecordingVerdict::Tampered) << text_of(report);
  EXPECT_EQ(report.exit_code(), 1);
  EXPECT_TRUE(has(report,
                  "foreign key: game.journal entry 5 (end, cue lines 1 to 2 of "
                  "announcements-2.wav) is signed by key " +
                      game.b.fingerprint() +
                      ", which is not among the station keys "
                      "given (" +
                      game.a.fingerprint() + ")"))
      << text_of(report);
}

// An attacker re-records the second part and seals it with his own key. The journal's resume
// entry names station B: found. He edits that too: without keys the change is named and not
// verified; with the stations' keys his key is named as not on the list.
TEST(RecordingKeys, AnAttackersKeySwappedInForOnePartIsFound) {
  TwoStationGame game;
  const StationKey attacker = *StationKey::load_or_create(game.dir / "attacker");
  write_recording(game.second, {"Cesar vier", "Dora fuenf"});
  const RecordingSeal forged = TwoStationGame::sign(game.second, "end", attacker);
  game.write_journal(game.b, forged);
  game.write_pgn(forged);
  auto report = game.verify(game.second);
  EXPECT_EQ(report.verdict, RecordingVerdict::Tampered) << text_of(report);
  EXPECT_TRUE(
      has(report, "foreign key: game.journal entry 5 is signed by key " + attacker.fingerprint() +
                      ", but game.journal entry 4 names the station's key " + game.b.fingerprint()))
      << text_of(report);

  game.write_journal(attacker, forged);  // the resume entry names his key
  report = game.verify(game.second);
  EXPECT_EQ(report.verdict, RecordingVerdict::KeyChanged) << text_of(report);
  EXPECT_TRUE(has(report, attacker.fingerprint() + " seals announcements-2.wav"))
      << text_of(report);
  report = game.verify(game.second, {game.a.fingerprint(), game.b.fingerprint()});
  EXPECT_EQ(report.verdict, RecordingVerdict::Tampered) << text_of(report);
  EXPECT_TRUE(has(report, "is signed by key " + attacker.fingerprint() +
                              ", which is not among the station keys given"))
      << text_of(report);
}

// The tournament's list of stations as a file: a fingerprint a line, a name after it.
TEST(RecordingKeys, TheListOfStationsNamesEachKey) {
  TwoStationGame game;
  const fs::path list = game.dir / "stations.txt";
  std::ofstream(list) << "# stations of the Open\n"
                      << game.a.fingerprint() << "  board 2 station\n\n"
                      << game.b.public_key_hex() << "\tspare station  # brought in round 3\n";
  const auto report = game.verify(game.second, {}, list);
  EXPECT_EQ(report.verdict, RecordingVerdict::Verified) << text_of(report);
  EXPECT_TRUE(has(report, "key " + game.a.fingerprint() + " (given: board 2 station)"))
      << text_of(report);
  EXPECT_TRUE(has(report, "key " + game.b.fingerprint() + " (given: spare station)"))
      << text_of(report);
  std::ofstream(list) << "# stations\n3f2a-91c4 board 1\n";
  const auto bad = game.verify(game.second, {}, list);
  EXPECT_EQ(bad.exit_code(), 2);
  EXPECT_NE(bad.problem_text().find("stations.txt line 2: the key \"3f2a-91c4\" is neither"),
            std::string::npos)
      << bad.problem_text();
}

// Guidelines I.2: the adjournment's seal signs the envelope's time of day; verify shows it, and a
// journal that gives another time is found.
TEST(RecordingKeys, TheAdjournmentsTimeOfDayIsSignedAndChecked) {
  TwoStationGame game;
  const std::vector<std::string> keys{game.a.fingerprint(), game.b.fingerprint()};
  auto report = game.verify(game.first, keys);
  EXPECT_EQ(report.verdict, RecordingVerdict::Verified) << text_of(report);
  EXPECT_TRUE(has(report,
                  "adjourned at 2026-11-23T18:47:05Z (time of day, UTC; the envelope's "
                  "time, signed in game.journal entry 3)"))
      << text_of(report);
  game.write_journal(game.b, game.end_seal, "2026-11-23T17:47:05Z");
  report = game.verify(game.first, keys);
  EXPECT_EQ(report.verdict, RecordingVerdict::Tampered) << text_of(report);
  EXPECT_TRUE(has(report,
                  "the adjournment's time changed: game.journal entry 3 signs the "
                  "adjournment at 2026-11-23T18:47:05Z, but game.journal entry 2 says "
                  "2026-11-23T17:47:05Z"))
      << text_of(report);
}

// The journal's new fields read back; an older program ignores them (no new format).
TEST(RecordingKeys, APartNamesItsKeyAndAnAdjournmentItsTimeOfDayInTheJournal) {
  const rec::PartSeal part{std::string(64, 'c'), "announcements-2.wav"};
  auto resumed = decode(encode(rec::Resume{Millis(5), "note", part}));
  ASSERT_TRUE(resumed);
  EXPECT_EQ(std::get<rec::Resume>(*resumed).part.station_key, part.station_key);
  EXPECT_EQ(std::get<rec::Resume>(*resumed).part.recording, part.recording);
  auto begun = decode(encode(rec::Begin{game_header(), kJournalFormat, part}));
  ASSERT_TRUE(begun);
  EXPECT_EQ(std::get<rec::Begin>(*begun).part.recording, part.recording);
  rec::Adjourn adjourned;
  adjourned.sealed = "e4";
  adjourned.utc = std::string(kAdjournedAt);
  auto read = decode(encode(adjourned));
  ASSERT_TRUE(read);
  EXPECT_EQ(std::get<rec::Adjourn>(*read).utc, kAdjournedAt);
  EXPECT_EQ(kJournalFormat, 5);  // raised by the takeback entry (format 5), not by these fields
}

}  // namespace
}  // namespace recording_keys_test
}  // namespace annabella::app
