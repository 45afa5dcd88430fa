// The seal covers the game, not only the recording (D.2.7, docs/record.md "The seal"): a version 3
// seal signs the journal's bytes before its own entry and the game as the record gives it (the
// moves, the result, the time control). The attacks of the record's tester (a move changed in
// the journal with its CRC recomputed and in the PGN, a PGN changed alone, the begin entry's
// control changed, an entry deleted and the journal renumbered, the end cut off, a second end
// put in after the end) passed `recording verify` with the paper's code and `play --resume`
// before. In process and on a synthetic recording: each test well under a second.
#include <gtest/gtest.h>

#include <fstream>
#include <optional>
#include <sstream>

#include "app/exports.h"
#include "app/game_record.h"
#include "app/journal.h"
#include "app/journal_records.h"
#include "app/play_start.h"
#include "app/recording_check.h"
#include "app/recording_seal.h"
#include "app/station_key.h"
#include "core/notation_reader.h"
#include "speech/cue_list.h"
#include "speech/sound_file.h"
#include "support/messages_language.h"
#include "support/record_header.h"
#include "support/synthetic_recording.h"
#include "support/temp_dir.h"

namespace annabella::app {
namespace recording_game_seal_test {
namespace {

namespace fs = std::filesystem;
using annabella::testing::game_header;
using annabella::testing::TempDir;
using annabella::testing::write_recording;

std::string file_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The journal's lines (without their LF) and back, with the CRCs and numbers recomputed: what an
// attacker with recrc.py does.
std::vector<JournalEntry> entries_of(const fs::path& journal) {
  auto contents = read_journal(journal);
  EXPECT_TRUE(contents);
  return contents ? contents->entries : std::vector<JournalEntry>{};
}
void rewrite_journal(const fs::path& journal, const std::vector<JournalEntry>& entries) {
  std::string text;
  for (std::size_t i = 0; i < entries.size(); ++i) text += journal_line(i + 1, entries[i]);
  std::ofstream(journal, std::ios::binary | std::ios::trunc) << text;
}

void replace_in_file(const fs::path& path, const std::string& from, const std::string& to) {
  std::string text = file_text(path);
  const auto at = text.find(from);
  ASSERT_NE(at, std::string::npos) << from;
  text.replace(at, from.size(), to);
  std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

// A finished game as the station records it: begin, moves, the end (Black resigns), the seal of
// the end (version 3, made as StationState::seal_anchor makes it), the PGN with its seal.
struct FinishedGame {
  TempDir dir;
  fs::path wav = dir / "announcements.wav";
  fs::path journal_path = dir / "game.journal";
  StationKey key = *StationKey::load_or_create(dir / "keys");
  RecordingSeal seal;
  std::optional<GameRecord> record;
  std::optional<Journal> journal;

  explicit FinishedGame(const core::GameEnd& end = annabella::testing::resignation(),
                        const std::vector<std::string>& sans = {"e4", "e5", "Nf3", "Nc6", "Bb5",
                                                                "a6"}) {
    write_recording(wav, sans);
    RecordHeader header = game_header();
    header.control = "G/15+10";
    const rec::Begin begin{header, kJournalFormat, {key.public_key_hex(), "announcements.wav"}};
    auto started = GameRecord::start(begin);
    auto created = Journal::create(journal_path, encode(begin));
    EXPECT_TRUE(started && created);
    record.emplace(std::move(*started));
    journal.emplace(std::move(*created));
    int ply = 0;
    for (const std::string& text : sans) {
      rec::Move move;
      move.ply = ++ply;
      move.move = *core::read_move(record->game().position(), text);
      move.san = text;
      move.at = Millis(1000 * ply);
      move.white_left = move.black_left = Millis(900'000);
      commit(*record, *journal, move);
    }
    commit(*record, *journal, rec::End{end, Millis(7000)});
    seal = seal_now(wav, "end");
    std::ofstream(dir / "game.pgn") << game_pgn(*record);
  }

  static void commit(GameRecord& game, Journal& file, const JournalRecord& entry) {
    const auto applied = game.apply(entry);
    ASSERT_TRUE(applied) << applied.error().message;
    const auto written = file.append(encode(entry));
    ASSERT_TRUE(written) << written.error().message;
  }

  RecordingSeal seal_now(const fs::path& recording, std::string_view occasion) {
    auto check = speech::verify_recording(recording);
    EXPECT_TRUE(check);
    auto text = journal->text_so_far();
    EXPECT_TRUE(text);
    auto sealed = sign_seal({recording, check->lines, check->last_digest, false},
                            sealed_game(record->header()), occasion,
                            std::chrono::system_clock::now(), key, {},
                            sealed_play(*record, static_cast<int>(journal->entries_written()),
                                        *text, *speech::recording_headers(recording)));
    EXPECT_TRUE(sealed) << sealed.error().message;
    commit(*record, *journal, rec::Seal{Millis(8000), seal_fields(*sealed)});
    return *sealed;
  }

  [[nodiscard]] RecordingReport verify() const {
    RecordingCheckOptions options;
    options.file = wav;
    options.code = seal_code(seal);
    return check_recording(options);
  }

  // What `play --resume` checks before it writes anything.
  [[nodiscard]] Status resumable() const {
    auto contents = read_journal(journal_path);
    if (!contents) return fail(contents.error());
    if (auto replayed = replay_journal(*contents); !replayed) return fail(replayed.error());
    return check_record_for_resume(dir.path(), *contents);
  }
};

std::string text_of(const RecordingReport& report) {
  std::string text;
  for (const auto& line : report.lines()) text += line + "\n";
  return text + "problem: " + report.problem_text() + "\n";
}

void expect_tampered(const FinishedGame& game, const std::string& says) {
  const auto report = game.verify();
  EXPECT_EQ(report.verdict, RecordingVerdict::Tampered) << text_of(report);
  EXPECT_EQ(report.exit_code(), 1);
  EXPECT_NE(report.problem_text().find(says), std::string::npos) << text_of(report);
}

TEST(GameSeal, AnUntouchedFinishedGameVerifiesWithThePapersCodeAndResumes) {
  const FinishedGame game;
  const auto report = game.verify();
  EXPECT_EQ(report.verdict, RecordingVerdict::Verified) << text_of(report);
  EXPECT_TRUE(game.resumable()) << game.resumable().error().message;
  // The seal signs the game: version 3, with the moves, the result and the time control.
  const std::string message = seal_message(game.seal);
  EXPECT_TRUE(message.starts_with("annabella recording seal v3\n")) << message;
  EXPECT_NE(message.find("\nmoves: e2e4 e7e5 g1f3 b8c6 f1b5 a7a6\n"), std::string::npos);
  EXPECT_NE(message.find("\nresult: 1-0\n"), std::string::npos);
  EXPECT_NE(message.find("\ncontrol: G/15+10\n"), std::string::npos);
  EXPECT_NE(message.find("\njournal_entries: 8\n"), std::string::npos);
}

TEST(GameSeal, AMoveChangedInJournalAndPgnIsFoundAndNotResumed) {
  const FinishedGame game;
  auto entries = entries_of(game.journal_path);
  ASSERT_EQ(entries.at(6).get("san"), "a6");
  entries.at(6).set("uci", "a7a5").set("san", "a5");  // CRC recomputed by rewrite_journal
  rewrite_journal(game.journal_path, entries);
  replace_in_file(game.dir / "game.pgn", "3... a6", "3... a5");
  expect_tampered(game, "the journal was changed before the seal of end");
  expect_tampered(game, "move 3... a5 (game.journal entry 7 (move)) is a7a5, the seal signs a7a6");
  const auto resumed = game.resumable();
  ASSERT_FALSE(resumed);
  EXPECT_NE(resumed.error().message.find("not resumed: the journal was changed before the seal"),
            std::string::npos)
      << resumed.error().message;
}

// The arbiter reads why a record is not whole in his own language (issue 17): the journal's
// changes against its seal, an entry after the end and a PGN against its journal, in German and
// Macedonian as in English.
TEST(GameSeal, WhyARecordIsNotWholeIsSaidInTheArbitersLanguage) {
  const FinishedGame moved;
  auto entries = entries_of(moved.journal_path);
  entries.at(6).set("uci", "a7a5").set("san", "a5");
  rewrite_journal(moved.journal_path, entries);
  replace_in_file(moved.dir / "game.pgn", "3... a6", "3... a5");
  const FinishedGame forged;
  auto more = entries_of(forged.journal_path);
  JournalEntry end = more.at(7);
  ASSERT_EQ(end.kind, "end");
  more.push_back(end);
  rewrite_journal(forged.journal_path, more);
  const FinishedGame cut;
  auto fewer = entries_of(cut.journal_path);
  fewer.resize(7);
  rewrite_journal(cut.journal_path, fewer);
  struct Case {
    const char* language;
    std::string moved, forged, cut, not_resumed;
  };
  const std::vector<Case> cases = {
      {"de",
       "das Journal wurde vor dem Siegel von end geändert (game.journal Eintrag 9): Zug 3... a5 "
       "(game.journal Eintrag 7 (move)) ist a7a5, das Siegel unterschreibt a7a6 (D.2.7)",
       "game.journal: Eintrag 10 (Zeile 10, end) steht nach dem Ende der Partie (Eintrag 8)",
       "game.pgn nennt das Ende der Partie (Ergebnis 1-0, das Siegel von end), aber game.journal "
       "hat keinen Eintrag für das Ende",
       "nicht fortgesetzt: das Journal wurde vor dem Siegel von end geändert"},
      {"mk",
       "дневникот е изменет пред печатот на end (game.journal запис 9): потегот 3... a5 "
       "(game.journal запис 7 (move)) е a7a5, печатот потпишува a7a6 (D.2.7)",
       "game.journal: записот 10 (ред 10, end) стои по крајот на партијата (запис 8)",
       "game.pgn го дава крајот на партијата (резултат 1-0, печатот на end), но game.journal "
       "нема запис за крајот",
       "не е продолжено: дневникот е изменет пред печатот на end"},
  };
  for (const Case& c : cases) {
    testing::use_language(c.language);
    expect_tampered(moved, c.moved);
    expect_tampered(forged, c.forged);
    expect_tampered(cut, c.cut);
    const auto resumed = moved.resumable();
    ASSERT_FALSE(resumed);
    EXPECT_NE(resumed.error().message.find(c.not_resumed), std::string::npos)
        << c.language << ": " << resumed.error().message;
  }
  testing::use_language("en");
}

TEST(GameSeal, APgnChangedAloneNamesTheFirstMoveThatDiffers) {
  const FinishedGame game;
  replace_in_file(game.dir / "game.pgn", "3... a6", "3... a5");
  expect_tampered(game,
                  "game.pgn was changed after its seal: move 3... a5 (a7a5) is not the "
                  "signed move a7a6");
  const FinishedGame result_changed;
  replace_in_file(result_changed.dir / "game.pgn", "[Result \"1-0\"]", "[Result \"0-1\"]");
  replace_in_file(result_changed.dir / "game.pgn", "} 1-0", "} 0-1");
  expect_tampered(result_changed,
                  "game.pgn gives the game's end (result 0-1, the seal of end), "
                  "but game.journal gives the result 1-0");
}

TEST(GameSeal, TheBeginEntrysControlChangedIsFound) {
  const FinishedGame game;
  auto entries = entries_of(game.journal_path);
  entries.at(0).set("control", "G/90+30");
  rewrite_journal(game.journal_path, entries);
  expect_tampered(game,
                  "game.journal entry 1 (begin) gives the time control \"G/90+30\", the "
                  "seal signs \"G/15+10\"");
  EXPECT_FALSE(game.resumable());
}

TEST(GameSeal, AnEntryDeletedAndTheJournalRenumberedIsFound) {
  const FinishedGame game;
  auto entries = entries_of(game.journal_path);
  entries.erase(entries.begin() + 7);  // the end entry before the seal
  rewrite_journal(game.journal_path, entries);
  expect_tampered(game, "the seal signs 8 entries before it, the journal has 7");
  EXPECT_FALSE(game.resumable());
}

TEST(GameSeal, TheEndAndItsSealCutOffTheJournalAreFoundAndNotResumed) {
  const FinishedGame game;
  auto entries = entries_of(game.journal_path);
  entries.resize(7);  // begin and the moves: a running game
  rewrite_journal(game.journal_path, entries);
  expect_tampered(game,
                  "game.pgn gives the game's end (result 1-0, the seal of end), but "
                  "game.journal has no end entry");
  const auto resumed = game.resumable();
  ASSERT_FALSE(resumed);
  EXPECT_NE(resumed.error().message.find("has no end entry"), std::string::npos);
}

TEST(GameSeal, ASecondEndAfterTheEndIsRefusedByName) {
  const FinishedGame game;
  auto entries = entries_of(game.journal_path);
  JournalEntry forged = entries.at(7);
  ASSERT_EQ(forged.kind, "end");
  forged.set("result", "0-1");
  entries.push_back(forged);
  rewrite_journal(game.journal_path, entries);
  expect_tampered(game, "entry 10 (line 10, end) stands after the game's end (entry 8)");
  EXPECT_FALSE(game.resumable());
}

TEST(GameSeal, AVersionThreeSealChangedInItsGameNoLongerHolds) {
  const FinishedGame game;
  RecordingSeal changed = game.seal;
  changed.play->moves.back() = "a7a5";
  EXPECT_FALSE(check_seal_signature(changed));
  changed = game.seal;
  changed.play->journal_digest[0] = changed.play->journal_digest[0] == 'a' ? 'b' : 'a';
  EXPECT_FALSE(check_seal_signature(changed));
  // Through the journal's fields and the PGN's tags and back, unchanged.
  auto back = seal_from_fields(seal_entry(game.seal));
  ASSERT_TRUE(back) << finding_text(seal_finding(back.error()));
  EXPECT_EQ(seal_message(*back), seal_message(game.seal));
  EXPECT_TRUE(check_seal_signature(*back));
}

// A mate is in the PGN (1-0 or 0-1) before its end entry is in the journal: a station killed in
// between left a record that is whole, and it is resumed.
TEST(GameSeal, AMateInThePgnBeforeTheJournalsEndIsNoDamage) {
  TempDir dir;
  RecordHeader header = game_header();
  header.control = "G/15+10";
  const rec::Begin begin{header};
  auto record = GameRecord::start(begin);
  auto journal = Journal::create(dir / "game.journal", encode(begin));
  ASSERT_TRUE(record && journal);
  int ply = 0;
  for (const char* text : {"f3", "e5", "g4", "Qh4#"}) {
    rec::Move move;
    move.ply = ++ply;
    move.move = *core::read_move(record->game().position(), text);
    move.san = text;
    move.at = Millis(1000 * ply);
    FinishedGame::commit(*record, *journal, move);
  }
  ASSERT_TRUE(record->game().is_over());
  std::ofstream(dir / "game.pgn") << game_pgn(*record);
  auto contents = read_journal(dir / "game.journal");
  ASSERT_TRUE(contents);
  const auto resumed = check_record_for_resume(dir.path(), *contents);
  EXPECT_TRUE(resumed) << resumed.error().message;
  // The same PGN with another result is not the journal's game.
  replace_in_file(dir / "game.pgn", "[Result \"0-1\"]", "[Result \"1-0\"]");
  EXPECT_FALSE(check_record_for_resume(dir.path(), *contents));
}

// Item 4: a finished game resumed to read it, then stopped: the stop's seal (of the new
// recording) is added to the journal; the PGN keeps the seal of the end, whose code is on the
// paper scoresheet.
TEST(GameSeal, ThePgnKeepsTheEndsSealWhenALaterSealIsAdded) {
  FinishedGame game;
  const fs::path second = game.dir / "announcements-2.wav";
  write_recording(second, {"game over"});
  const RecordingSeal stop = game.seal_now(second, "stop");
  ASSERT_NE(seal_code(stop), seal_code(game.seal));
  const std::string pgn = game_pgn(*game.record);
  EXPECT_NE(pgn.find("[AnnabellaCode \"" + seal_code(game.seal) + "\"]"), std::string::npos) << pgn;
  EXPECT_EQ(pgn.find(seal_code(stop)), std::string::npos) << pgn;
}

// Tester's defect 18: a draw claim made without an arbiter ends the game with its result left to
// him (Guidelines III.6.1, "*"), sealed; his claim-decision (III.6.2) ends it again and is sealed
// again. The PGN carried the first seal (AnnabellaResult "*") beside [Result "1/2-1/2"], and
// `recording verify` called the station's own record tampered. The PGN carries the seal of the
// latest end now; the first code stays in the journal and still verifies.
TEST(GameSeal, TheArbitersDecisionOnAReferredClaimIsThePgnsSealAndVerifies) {
  core::Game claimed;
  ASSERT_TRUE(claimed.refer_claim(core::WHITE, "Guidelines III.6.1.1"));
  FinishedGame game(claimed.end());
  const RecordingSeal first = game.seal;
  ASSERT_EQ(first.play->result, "*");
  // The station says the decision (more cue lines), records it and seals the end again.
  write_recording(game.wav, {"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "draw"});
  core::Game decided = game.record->game();
  ASSERT_TRUE(decided.arbiter_decision(core::GameResult::Draw,
                                       "White's draw claim made without an arbiter upheld by "
                                       "the arbiter",
                                       "Guidelines III.6.2"));
  FinishedGame::commit(*game.record, *game.journal, rec::End{decided.end(), Millis(9000)});
  game.seal = game.seal_now(game.wav, "end");
  ASSERT_NE(seal_code(game.seal), seal_code(first));
  const std::string pgn = game_pgn(*game.record);
  std::ofstream(game.dir / "game.pgn", std::ios::trunc) << pgn;
  EXPECT_NE(pgn.find("[Result \"1/2-1/2\"]"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("[AnnabellaResult \"1/2-1/2\"]"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("[AnnabellaCode \"" + seal_code(game.seal) + "\"]"), std::string::npos) << pgn;
  // The decision's code verifies, and so does the first one (the journal keeps its seal).
  auto report = game.verify();
  EXPECT_EQ(report.verdict, RecordingVerdict::Verified) << text_of(report);
  game.seal = first;
  report = game.verify();
  EXPECT_EQ(report.verdict, RecordingVerdict::Verified) << text_of(report);
  EXPECT_TRUE(game.resumable()) << game.resumable().error().message;
}

// Doubt 6b of session 13 (Art. 7, D.2.9): a mate typed wrongly (2... Qh4# for 2... Qg5) is
// taken back with the end it made; the take-back is sealed ("takeback"), play goes on, and the
// game's later end is sealed again. The record verifies with both codes, resumes, and the PGN
// carries the latest end's seal, not the withdrawn one.
TEST(GameSeal, AnEndWithdrawnByATakeBackAndTheLaterEndVerify) {
  core::Game mated;
  for (const char* san : {"f3", "e5", "g4", "Qh4"})
    ASSERT_TRUE(mated.play(*core::read_move(mated.position(), san)));
  ASSERT_TRUE(mated.ended_by_last_move());
  FinishedGame game(mated.end(), {"f3", "e5", "g4", "Qh4"});
  const RecordingSeal mate = game.seal;
  write_recording(game.wav, {"f3", "e5", "g4", "Qh4", "taken back"});
  rec::TakeBack back;
  back.at = Millis(9000);
  back.ply = 3;
  back.moves = {*core::read_move(game.record->game().position_at(3), "Qh4")};
  back.white_left = back.black_left = Millis(900'000);
  FinishedGame::commit(*game.record, *game.journal, back);
  ASSERT_FALSE(game.record->game().is_over());
  const RecordingSeal withdrawn = game.seal_now(game.wav, "takeback");
  // The PGN carries the take-back's seal, not the withdrawn end's.
  const std::string during = game_pgn(*game.record);
  EXPECT_NE(during.find("[AnnabellaCode \"" + seal_code(withdrawn) + "\"]"), std::string::npos)
      << during;
  EXPECT_NE(during.find("[Result \"*\"]"), std::string::npos) << during;
  write_recording(game.wav, {"f3", "e5", "g4", "Qh4", "taken back", "Qg5", "resigns"});
  rec::Move qg5;
  qg5.ply = 4;
  qg5.move = *core::read_move(game.record->game().position(), "Qg5");
  qg5.san = "Qg5";
  qg5.at = Millis(10000);
  qg5.white_left = qg5.black_left = Millis(900'000);
  FinishedGame::commit(*game.record, *game.journal, qg5);
  FinishedGame::commit(*game.record, *game.journal,
                       rec::End{annabella::testing::resignation(), Millis(11000)});
  game.seal = game.seal_now(game.wav, "end");
  const std::string pgn = game_pgn(*game.record);
  std::ofstream(game.dir / "game.pgn", std::ios::trunc) << pgn;
  EXPECT_NE(pgn.find("[AnnabellaCode \"" + seal_code(game.seal) + "\"]"), std::string::npos) << pgn;
  for (const RecordingSeal& code : {game.seal, mate, withdrawn}) {
    game.seal = code;
    const auto report = game.verify();
    EXPECT_EQ(report.verdict, RecordingVerdict::Verified) << text_of(report);
  }
  EXPECT_TRUE(game.resumable()) << game.resumable().error().message;
}

// Item 5: the recording's headers are signed, and nothing may follow the seal of the end.
TEST(GameSeal, ChangedRecordingHeadersAreFound) {
  const FinishedGame game;
  ASSERT_NE(game.seal.play->audio.find("22050 Hz"), std::string::npos) << game.seal.play->audio;
  auto audio = speech::read_sound_file(game.wav);
  ASSERT_TRUE(audio);
  {
    auto writer = speech::SoundFileWriter::create(game.wav, 11025);
    ASSERT_TRUE(writer);
    ASSERT_TRUE((*writer)->write(audio->samples));
  }
  expect_tampered(game, "the recording's headers changed after the seal");
  const FinishedGame cue_header;
  replace_in_file(speech::cue_list_path(cue_header.wav), "22050 Hz", "44100 Hz");
  expect_tampered(cue_header, "the recording's headers changed after the seal");
}

TEST(GameSeal, AudioAppendedAfterTheEndsSealIsNotATornTail) {
  const FinishedGame game;
  auto audio = speech::read_sound_file(game.wav);
  ASSERT_TRUE(audio);
  audio->samples.insert(audio->samples.end(), 22050, std::int16_t{1234});
  {
    auto writer = speech::SoundFileWriter::create(game.wav, 22050);
    ASSERT_TRUE(writer);
    ASSERT_TRUE((*writer)->write(audio->samples));
  }
  expect_tampered(game, "after the seal that closed this recording");
}

}  // namespace
}  // namespace recording_game_seal_test
}  // namespace annabella::app
