// `annabella notation` as README documents it: lenient reading in each language, the output
// forms, and errors on stderr with a non-zero exit.
#include <gtest/gtest.h>

#include "support/temp_dir.h"

namespace annabella::app {
namespace notation_cli_test {
namespace {

using annabella::testing::run_command;

std::string notation(const std::string& args, int* code, bool merge_stderr = false) {
  std::string out;
  *code = run_command(std::string(ANNABELLA_BINARY) + " notation " + args, out, merge_stderr);
  return out;
}

struct CliCase {
  const char* args;
  const char* out;
};

TEST(NotationCommand, ReadsEachLanguageAndPrintsTheRequestedForm) {
  const CliCase cases[] = {
      {"e4 e5 Nf3", "e4\ne5\nNf3\n"},
      {"--lang de e4 e5 Sf3 Sc6 Lb5 a6 Lxc6 dxc6 0-0",
       "e4\ne5\nNf3\nNc6\nBb5\na6\nBxc6\ndxc6\nO-O\n"},
      {"--lang fr e4 e5 Cf3 Cc6 Fc4 Fc5 Re2", "e4\ne5\nNf3\nNc6\nBc4\nBc5\nKe2\n"},
      {"--lang ru e4 e5 Кf3 Кc6 Сс4", "e4\ne5\nNf3\nNc6\nBc4\n"},
      {"--lang mk e4 e5 Сf3 Сc6 Лc4 Дe7 К:e2", "e4\ne5\nNf3\nNc6\nBc4\nQe7\nKe2\n"},
      {"--lang bg e4 e5 Кf3 Кc6 Оc4", "e4\ne5\nNf3\nNc6\nBc4\n"},
      {"--lang sr-Cyrl e4 e5 Сf3", "e4\ne5\nNf3\n"},
      {"--lang auto e4 e5 Cf3 Cc6 Fb5 2>/dev/null", "e4\ne5\nNf3\nNc6\nBb5\n"},
      {"--to uci e4 e5 Ng1-f3 Nb8c6 Bb5 a6 O-O", "e2e4\ne7e5\ng1f3\nb8c6\nf1b5\na7a6\ne1g1\n"},
      {"--to lan e2e4 d7d5 exd5", "e2-e4\nd7-d5\ne4xd5\n"},
      {"--out-lang de Nf3 d5 e3 Qd6 Bb5+", "Sf3\nd5\ne3\nDd6\nLb5+\n"},
      {"--out-lang fr --to lan Nf3 d5", "Cg1-f3\nd7-d5\n"},
      {"--fen \"4k3/P7/8/8/8/8/8/4K3 w - - 0 1\" a8Q", "a8=Q+\n"},
      {"--fen \"4k3/P7/8/8/8/8/8/4K3 w - - 0 1\" --to uci a8/N", "a7a8n\n"},
  };
  for (const CliCase& c : cases) {
    int code = -1;
    const std::string out = notation(c.args, &code);
    EXPECT_EQ(code, 0) << c.args;
    EXPECT_EQ(out, c.out) << c.args;
  }
}

struct ErrorCase {
  const char* args;
  int code;
  const char* stdout_text;  // the moves read before the error
  const char* stderr_part;
};

TEST(NotationCommand, ErrorsGoToStderrWithANonZeroExit) {
  const ErrorCase cases[] = {
      {"e4 Ke7", 1, "e4\n", "move 2 of 2: 'Ke7' is illegal"},
      {"Nc3 a6 Ne4 a5 Nf3 a4 Ng5", 1, "Nc3\na6\nNe4\na5\nNf3\na4\n",
       "'Ng5' is ambiguous: it fits Nfg5, Neg5"},
      {"e4 zz9", 1, "e4\n", "'zz9' is not a move"},
      {"--lang xx e4", 2, "", "unknown language \"xx\""},
      {"--lang auto e4 e5 Zc4", 2, "",
       "no built-in language reads every written move as a legal move here"},
      {"--fen \"8/8/8/8/8/8/8/8 w - - 0 1\" e4", 2, "", "--fen: "},
  };
  for (const ErrorCase& c : cases) {
    int code = -1;
    const std::string out = notation(std::string(c.args) + " 2>/dev/null", &code);
    EXPECT_EQ(code, c.code) << c.args;
    EXPECT_EQ(out, c.stdout_text) << c.args;
    const std::string err = notation(std::string(c.args) + " 2>&1 >/dev/null", &code);
    EXPECT_NE(err.find(c.stderr_part), std::string::npos) << c.args << ": " << err;
  }
}

TEST(NotationCommand, AutoDetectionSaysWhatDecidedIt) {
  int code = -1;
  const std::string err = notation("--lang auto e4 e5 Cf3 Cc6 Fb5 2>&1 >/dev/null", &code);
  EXPECT_EQ(code, 0);
  EXPECT_EQ(err,
            "annabella notation: --lang auto: only Français (fr) reads every written move as a "
            "legal move\n");
  // Moves every language reads alike (pawn moves) are not ambiguous.
  EXPECT_EQ(notation("--lang auto e4 e5 2>/dev/null", &code), "e4\ne5\n");
  EXPECT_EQ(code, 0);
}

// D.2.1: "Bc5" is a bishop in English and a pawn in German; where both are legal, --lang auto
// names both readings and reads nothing (exit 1). Languages where it is illegal are not listed.
TEST(NotationCommand, AutoDetectionNamesTheLegalReadingsAndNeverChoosesOne) {
  int code = -1;
  const std::string fen =
      "--fen \"rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\"";
  EXPECT_EQ(notation(fen + " --lang auto Bc5 2>/dev/null", &code), "");
  EXPECT_EQ(code, 1);
  const std::string err = notation(fen + " --lang auto Bc5 2>&1 >/dev/null", &code);
  EXPECT_EQ(err,
            "annabella notation: --lang auto: move 1: Bc5: bishop f8-c5 (English letters) or pawn "
            "c7-c5 (German letters) (every move is legal in: en, de); a move is not guessed "
            "(D.2.1): give --lang\n");
  // A later move that only German reads legally decides it.
  EXPECT_EQ(notation(fen + " --lang auto Bc5 Sc3 2>/dev/null", &code), "c5\nNc3\n");
  EXPECT_EQ(code, 0);
}

TEST(NotationCommand, UnknownOutputFormIsRefused) {
  int code = 0;
  notation("--to xyz e4 2>/dev/null", &code);
  EXPECT_NE(code, 0);
}

}  // namespace
}  // namespace notation_cli_test
}  // namespace annabella::app
