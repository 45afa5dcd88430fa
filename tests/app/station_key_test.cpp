// The station's signing key (app/station_key.h): made on first use, readable only by its owner,
// the same key on every later start; refused when others could read or replace it.
#include "app/station_key.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <regex>

#include "support/temp_dir.h"

namespace annabella::app {
namespace station_key_test {
namespace {

namespace fs = std::filesystem;
using annabella::testing::read_file;
using annabella::testing::TempDir;

mode_t mode_of(const fs::path& path) {
  struct stat st {};
  EXPECT_EQ(::stat(path.c_str(), &st), 0) << path;
  return st.st_mode & 07777;
}

TEST(StationKey, IsMadeOnFirstUseReadableOnlyByItsOwnerAndKept) {
  TempDir dir;
  const auto folder = dir / "share" / "annabella";  // the parents do not exist yet
  auto made = StationKey::load_or_create(folder);
  ASSERT_TRUE(made) << made.error().message;
  EXPECT_TRUE(made->created());
  EXPECT_EQ(made->file(), folder / "station.key");
  EXPECT_EQ(mode_of(folder), 0700u);
  EXPECT_EQ(mode_of(folder / "station.key"), 0600u);
  EXPECT_TRUE(std::regex_match(made->fingerprint(),
                               std::regex("[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}")))
      << made->fingerprint();
  const std::string text = read_file(folder / "station.key");
  EXPECT_NE(text.find("# fingerprint: " + made->fingerprint()), std::string::npos) << text;
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 5);
  // No temporary file is left behind.
  EXPECT_EQ(std::distance(fs::directory_iterator(folder), fs::directory_iterator()), 1);

  auto again = StationKey::load_or_create(folder);
  ASSERT_TRUE(again) << again.error().message;
  EXPECT_FALSE(again->created());
  EXPECT_EQ(again->public_key(), made->public_key());
  const std::string message = "seal";
  EXPECT_EQ(again->sign(message), made->sign(message));  // Ed25519 is deterministic
}

TEST(StationKey, TheDefaultFolderFollowsTheXdgBaseDirectories) {
  EXPECT_EQ(*default_key_folder({"/data", "/home/a"}), fs::path("/data/annabella"));
  EXPECT_EQ(*default_key_folder({nullptr, "/home/a"}), fs::path("/home/a/.local/share/annabella"));
  EXPECT_EQ(*default_key_folder({"", "/home/a"}), fs::path("/home/a/.local/share/annabella"));
  // A relative XDG_DATA_HOME is invalid (XDG Base Directory Specification) and ignored.
  EXPECT_EQ(*default_key_folder({"data", "/home/a"}), fs::path("/home/a/.local/share/annabella"));
  auto none = default_key_folder({nullptr, nullptr});
  ASSERT_FALSE(none);
  EXPECT_NE(none.error().message.find("neither XDG_DATA_HOME nor HOME"), std::string::npos);
}

TEST(StationKey, AKeyOthersCanReadIsRefused) {
  TempDir dir;
  ASSERT_TRUE(StationKey::load_or_create(dir / "k"));
  ASSERT_EQ(::chmod((dir / "k" / "station.key").c_str(), 0640), 0);
  auto refused = StationKey::load_or_create(dir / "k");
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().message.find("others can read or write the station key"),
            std::string::npos)
      << refused.error().message;
  EXPECT_NE(refused.error().message.find("(mode 0640): make it readable by its owner only "
                                         "(chmod 600 "),
            std::string::npos)
      << refused.error().message;
}

TEST(StationKey, AFolderOthersCanWriteToIsRefused) {
  TempDir dir;
  fs::create_directory(dir / "k");
  ASSERT_EQ(::chmod((dir / "k").c_str(), 0777), 0);
  auto refused = StationKey::load_or_create(dir / "k");
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().message.find("others can write to the station key folder"),
            std::string::npos)
      << refused.error().message;
}

TEST(StationKey, ASymbolicLinkOrAFileThatIsNoKeyIsRefused) {
  TempDir dir;
  fs::create_directory(dir / "k");
  ASSERT_EQ(::chmod((dir / "k").c_str(), 0700), 0);
  { std::ofstream(dir / "elsewhere") << "seed=00\n"; }
  fs::create_symlink(dir / "elsewhere", dir / "k" / "station.key");
  auto link = StationKey::load_or_create(dir / "k");
  ASSERT_FALSE(link);
  EXPECT_NE(link.error().message.find("is a symbolic link: refused"), std::string::npos)
      << link.error().message;

  fs::remove(dir / "k" / "station.key");
  { std::ofstream(dir / "k" / "station.key") << "# a key\nseed=not hex\n"; }
  ASSERT_EQ(::chmod((dir / "k" / "station.key").c_str(), 0600), 0);
  auto garbage = StationKey::load_or_create(dir / "k");
  ASSERT_FALSE(garbage);
  EXPECT_NE(garbage.error().message.find("is not a key (a line seed=<64 hex digits> is expected)"),
            std::string::npos)
      << garbage.error().message;
}

// Two stations started at once on a fresh machine agree on one key (the key file appears
// whole, by a link, or not at all).
TEST(StationKey, TwoProcessesMakingTheKeyAtOnceAgreeOnOne) {
  TempDir dir;
  for (int round = 0; round < 5; ++round) {
    const auto folder = dir / ("k" + std::to_string(round));
    pid_t children[2];
    for (int c = 0; c < 2; ++c) {
      children[c] = ::fork();
      if (children[c] == 0) {
        auto key = StationKey::load_or_create(folder);
        if (!key) ::_exit(1);
        std::ofstream(dir / ("pk" + std::to_string(round) + "-" + std::to_string(c)))
            << key->public_key_hex();
        ::_exit(0);
      }
    }
    for (pid_t child : children) {
      int status = 0;
      ASSERT_EQ(::waitpid(child, &status, 0), child);
      ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    }
    const std::string a = read_file(dir / ("pk" + std::to_string(round) + "-0"));
    EXPECT_EQ(a.size(), 64u);
    EXPECT_EQ(a, read_file(dir / ("pk" + std::to_string(round) + "-1")));
  }
}

}  // namespace
}  // namespace station_key_test
}  // namespace annabella::app
