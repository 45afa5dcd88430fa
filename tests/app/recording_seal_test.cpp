// The recording's seal (app/recording_seal.h): the signed message as documented, its journal
// fields and PGN tags read back, the scoresheet code, and what breaks the signature.
#include "app/recording_seal.h"

#include <gtest/gtest.h>

#include <regex>

#include "app/recording_check.h"

#include "support/temp_dir.h"

namespace annabella::app {
namespace recording_seal_test {
namespace {

using annabella::testing::TempDir;

struct Sealed {
  TempDir dir;
  StationKey key = *StationKey::load_or_create(dir / "keys");
  RecordingSeal seal;
  Sealed() {
    const speech::RecordingAnchor anchor{dir / "announcements.wav", 42, std::string(64, 'a'),
                                         false};
    const SealedGame game{"Anna Blind", "Bert Sighted", "", "3", "2"};
    // 2026-11-03 14:22:05 UTC
    const auto at = std::chrono::system_clock::time_point(std::chrono::seconds(1793715725));
    auto signed_seal = sign_seal(anchor, game, "end", at, key);
    EXPECT_TRUE(signed_seal) << signed_seal.error().message;
    seal = *signed_seal;
  }
};

TEST(RecordingSeal, SignsTheDocumentedMessage) {
  Sealed s;
  EXPECT_EQ(seal_message(s.seal),
            "annabella recording seal v1\n"
            "recording: announcements.wav\n"
            "lines: 42\n"
            "digest: " +
                std::string(64, 'a') +
                "\n"
                "sealed_at: 2026-11-03T14:22:05Z\n"
                "occasion: end\n"
                "white: Anna Blind\n"
                "black: Bert Sighted\n"
                "event: ?\n"
                "round: 3\n"
                "board: 2\n"
                "key: " +
                s.key.public_key_hex() + "\n");
  EXPECT_TRUE(check_seal_signature(s.seal));
  auto signature = speech::from_hex<64>(s.seal.signature);
  ASSERT_TRUE(signature);
  EXPECT_TRUE(speech::signature_valid(seal_message(s.seal), *signature, s.key.public_key()));
}

// Guidelines I.2: an adjournment's seal signs the envelope's time of day (a v2 message, one line
// more); taking the time out, or changing it, breaks the signature; it reads back from the
// journal and the PGN. A seal without it is the v1 message above, so older seals still verify.
TEST(RecordingSeal, AnAdjournmentsSealSignsItsTimeOfDay) {
  Sealed s;
  const speech::RecordingAnchor anchor{s.dir / "announcements.wav", 42, std::string(64, 'a'),
                                       false};
  auto sealed = sign_seal(anchor, {"Anna Blind", "Bert Sighted", "", "3", "2"}, "adjourn",
                          std::chrono::system_clock::now(), s.key, "2026-11-03T14:20:00Z");
  ASSERT_TRUE(sealed) << sealed.error().message;
  const std::string message = seal_message(*sealed);
  EXPECT_EQ(message.rfind("annabella recording seal v2\n", 0), 0u) << message;
  EXPECT_NE(message.find("occasion: adjourn\nadjourned_at: 2026-11-03T14:20:00Z\nwhite: "),
            std::string::npos)
      << message;
  EXPECT_TRUE(check_seal_signature(*sealed));
  RecordingSeal changed = *sealed;
  changed.adjourned_at = "2026-11-03T13:20:00Z";
  EXPECT_FALSE(check_seal_signature(changed));
  changed.adjourned_at.clear();  // read as v1: not what was signed
  EXPECT_FALSE(check_seal_signature(changed));
  changed.adjourned_at = "14:20";
  EXPECT_EQ(finding_text(seal_finding(check_seal_signature(changed).error())),
            "the seal's adjournment time \"14:20\" is not a UTC time like 2026-11-03T14:22:05Z");

  auto from_journal = seal_from_fields(seal_entry(*sealed));
  ASSERT_TRUE(from_journal) << finding_text(seal_finding(from_journal.error()));
  EXPECT_EQ(from_journal->adjourned_at, "2026-11-03T14:20:00Z");
  core::PgnGame pgn;
  pgn.set_tag("White", "Anna Blind");
  pgn.set_tag("Black", "Bert Sighted");
  pgn.set_tag("Round", "3");
  pgn.set_tag("Board", "2");
  for (const auto& [name, value] : seal_pgn_tags(*sealed)) pgn.set_tag(name, value);
  EXPECT_EQ(pgn.tag("AnnabellaAdjourned"), "2026-11-03T14:20:00Z");
  auto from_pgn = seal_from_pgn(pgn);
  ASSERT_TRUE(from_pgn && *from_pgn);
  EXPECT_TRUE(check_seal_signature(**from_pgn));
  EXPECT_EQ(utc_time_text(std::chrono::system_clock::time_point(std::chrono::seconds(1793715725))),
            "2026-11-03T14:22:05Z");
}

TEST(RecordingSeal, ValuesAreEscapedSoNoValueCanAddALine) {
  Sealed s;
  RecordingSeal forged = s.seal;
  forged.game.white = "Anna\nlines: 7";
  EXPECT_NE(seal_message(forged).find("white: Anna\\nlines: 7\n"), std::string::npos);
  forged.game.white = "A\\B\r";
  EXPECT_NE(seal_message(forged).find("white: A\\\\B\\r\n"), std::string::npos);
}

TEST(RecordingSeal, AnyChangedFieldBreaksTheSignature) {
  Sealed s;
  const auto broken = [&](auto change) {
    RecordingSeal changed = s.seal;
    change(changed);
    return !check_seal_signature(changed);
  };
  EXPECT_TRUE(broken([](RecordingSeal& x) { x.recording = "announcements-2.wav"; }));
  EXPECT_TRUE(broken([](RecordingSeal& x) { x.cue_lines = 41; }));
  EXPECT_TRUE(broken([](RecordingSeal& x) { x.digest[0] = 'b'; }));
  EXPECT_TRUE(broken([](RecordingSeal& x) { x.sealed_at = "2026-11-03T14:22:06Z"; }));
  EXPECT_TRUE(broken([](RecordingSeal& x) { x.occasion = "adjourn"; }));
  EXPECT_TRUE(broken([](RecordingSeal& x) { x.game.black = "Bert"; }));
  EXPECT_TRUE(broken([](RecordingSeal& x) { x.game.board = "3"; }));
  EXPECT_TRUE(broken([](RecordingSeal& x) { x.signature[10] ^= 1; }));
  auto other = StationKey::load_or_create(s.dir / "other-keys");
  ASSERT_TRUE(other);
  EXPECT_TRUE(broken([&](RecordingSeal& x) { x.key = other->public_key_hex(); }));
  auto bad = check_seal_signature([&] {
    RecordingSeal x = s.seal;
    x.digest = "12";
    return x;
  }());
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().kind, SealFault::Kind::DigestNotHex);
  EXPECT_EQ(finding_text(seal_finding(bad.error())), "the seal's digest is not 64 hex digits");
}

TEST(RecordingSeal, JournalFieldsReadBackAndDerivedFieldsAreChecked) {
  Sealed s;
  const JournalEntry entry = seal_entry(s.seal);
  EXPECT_EQ(entry.kind, "seal");
  std::vector<std::string> names;
  for (const auto& [name, value] : entry.fields) names.push_back(name);
  EXPECT_EQ(names, (std::vector<std::string>{"recording", "lines", "digest", "sealed_at",
                                             "occasion", "white", "black", "event", "round",
                                             "board", "key", "fingerprint", "signature", "code"}));
  // Through the journal's own line codec.
  auto parsed = parse_journal({.name = "j", .text = journal_line(1, entry)});
  ASSERT_TRUE(parsed);
  auto back = seal_from_fields(parsed->entries.at(0));
  ASSERT_TRUE(back) << finding_text(seal_finding(back.error()));
  EXPECT_EQ(seal_message(*back), seal_message(s.seal));
  EXPECT_EQ(back->signature, s.seal.signature);
  EXPECT_EQ(entry.get("fingerprint"), s.key.fingerprint());

  JournalEntry wrong_code = entry;
  wrong_code.set("code", "000-000-000-000");
  auto refused = seal_from_fields(wrong_code);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().kind, SealFault::Kind::CodeNotTheSeals);
  EXPECT_EQ(refused.error().value, "000-000-000-000");
  EXPECT_EQ(finding_text(seal_finding(refused.error(), "game.journal entry 9")),
            "game.journal entry 9: the seal: the code 000-000-000-000 is not the seal's (" +
                seal_code(s.seal) + ")");
  JournalEntry missing;
  missing.kind = "seal";
  missing.set("recording", "a.wav");
  EXPECT_EQ(finding_text(seal_finding(seal_from_fields(missing).error())),
            "the seal has no field lines");
}

TEST(RecordingSeal, PgnTagsReadBackAndAnUnknownGameValueIsTheSameAsEmpty) {
  Sealed s;
  core::PgnGame pgn;
  pgn.set_tag("Event", "?");  // the journal's "" event, as the PGN writes it
  pgn.set_tag("Round", "3");
  pgn.set_tag("White", "Anna Blind");
  pgn.set_tag("Black", "Bert Sighted");
  pgn.set_tag("Board", "2");
  for (const auto& [name, value] : seal_pgn_tags(s.seal)) pgn.set_tag(name, value);
  const auto games = core::read_pgn_games(core::write_pgn(pgn));
  ASSERT_EQ(games.size(), 1u);
  EXPECT_NE(core::write_pgn(pgn).find("[AnnabellaCode \"" + seal_code(s.seal) + "\"]"),
            std::string::npos);
  auto back = seal_from_pgn(games[0]);
  ASSERT_TRUE(back) << finding_text(seal_finding(back.error()));
  ASSERT_TRUE(*back);
  EXPECT_EQ(seal_message(**back), seal_message(s.seal));
  EXPECT_TRUE(check_seal_signature(**back));

  core::PgnGame none;
  none.set_tag("White", "x");
  auto absent = seal_from_pgn(none);
  ASSERT_TRUE(absent);
  EXPECT_FALSE(*absent);
}

TEST(RecordingSeal, TheScoresheetCodeIsTwelveDigitsFromDigestAndSignature) {
  Sealed s;
  const std::string code = seal_code(s.seal);
  EXPECT_TRUE(std::regex_match(code, std::regex("[0-9]{3}-[0-9]{3}-[0-9]{3}-[0-9]{3}"))) << code;
  EXPECT_EQ(seal_code(s.seal), code);  // the same seal, the same code
  RecordingSeal other = s.seal;
  other.signature[0] = other.signature[0] == '0' ? '1' : '0';
  EXPECT_NE(seal_code(other), code);
  other = s.seal;
  other.digest[63] = 'b';
  EXPECT_NE(seal_code(other), code);
  // Reproducible by hand (docs/record.md): the first 8 bytes of SHA-256 modulo 10^12.
  const std::string hex = speech::Sha256::hex_of("annabella seal code v1\n" + s.seal.digest + "\n" +
                                                 s.seal.signature + "\n");
  const auto number = std::stoull(hex.substr(0, 16), nullptr, 16) % 1'000'000'000'000ULL;
  std::string digits = std::to_string(number);
  digits.insert(0, 12 - digits.size(), '0');
  EXPECT_EQ(code, digits.substr(0, 3) + "-" + digits.substr(3, 3) + "-" + digits.substr(6, 3) +
                      "-" + digits.substr(9, 3));
}

TEST(RecordingSeal, CodesAndKeysAreReadAsPeopleWriteThem) {
  EXPECT_EQ(*parse_seal_code("123-456-789-012"), "123-456-789-012");
  EXPECT_EQ(*parse_seal_code("123 456 789 012"), "123-456-789-012");
  EXPECT_EQ(*parse_seal_code("123456789012"), "123-456-789-012");
  EXPECT_EQ(*parse_seal_code("123.456.789.012"), "123-456-789-012");
  EXPECT_FALSE(parse_seal_code("123-456-789-01"));
  EXPECT_FALSE(parse_seal_code("123-456-789-0123"));
  EXPECT_FALSE(parse_seal_code("123-456-789-O12"));  // a letter O
  EXPECT_FALSE(parse_seal_code(""));
  EXPECT_EQ(seal_code_digits("123-456-789-012"),
            (std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2}));
  EXPECT_TRUE(seal_code_digits("12").empty());

  Sealed s;
  const std::string fp = s.key.fingerprint();
  EXPECT_EQ(*parse_key_fingerprint(fp), fp);
  std::string upper = fp;
  for (char& c : upper) c = char(std::toupper(static_cast<unsigned char>(c)));
  EXPECT_EQ(*parse_key_fingerprint(upper), fp);
  std::string bare = fp;
  std::erase(bare, '-');
  EXPECT_EQ(*parse_key_fingerprint(bare), fp);
  EXPECT_EQ(*parse_key_fingerprint(s.key.public_key_hex()), fp);
  EXPECT_FALSE(parse_key_fingerprint("3f2a-91c4"));
  EXPECT_FALSE(parse_key_fingerprint("zzzz-zzzz-zzzz-zzzz"));
}

TEST(RecordingSeal, NothingRecordedCannotBeSealed) {
  Sealed s;
  auto none = sign_seal({}, {}, "end", std::chrono::system_clock::now(), s.key);
  ASSERT_FALSE(none);
  EXPECT_EQ(none.error().message, "nothing is recorded: there is no recording to seal");
  EXPECT_NE(seal_summary(s.seal).find("recording sealed (end): announcements.wav, 42 lines, "
                                      "digest " +
                                      std::string(64, 'a') + "; key " + s.key.fingerprint() +
                                      "; code " + seal_code(s.seal)),
            std::string::npos);
}

// A count is worded in the singular when it is one: "1 line", never "1 lines".
TEST(RecordingSeal, ASealOfOneLineSaysLine) {
  Sealed s;
  RecordingSeal one = s.seal;
  one.cue_lines = 1;
  EXPECT_NE(seal_summary(one).find("announcements.wav, 1 line, digest"), std::string::npos)
      << seal_summary(one);
}

}  // namespace
}  // namespace recording_seal_test
}  // namespace annabella::app
