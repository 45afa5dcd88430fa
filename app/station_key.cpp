#include "app/station_key.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>

#include "app/file_error.h"

namespace annabella::app {
namespace {

namespace fs = std::filesystem;
constexpr const char* kKeyFileName = "station.key";

std::string system_error(const std::string& what) {
  return what + ": " + system_reason(errno);
}

std::string mode_text(mode_t mode) {
  std::array<char, 8> text{};
  std::snprintf(text.data(), text.size(), "%04o", static_cast<unsigned>(mode & 07777U));
  return text.data();
}

// Closes a file descriptor when it goes.
class Descriptor {
 public:
  explicit Descriptor(int fd) : fd_(fd) {}
  ~Descriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  [[nodiscard]] int get() const { return fd_; }

 private:
  int fd_;
};

// Makes the folder and its missing parents (mode 0700), and checks that nobody else can put a
// key in its place: a folder of this user that others cannot write to.
Status prepare_folder(const fs::path& folder) {
  fs::path partial;
  for (const auto& part : folder) {
    partial /= part;
    if (::mkdir(partial.c_str(), 0700) != 0 && errno != EEXIST)
      return fail(system_error("cannot make the station key folder " + partial.string()));
  }
  struct stat st {};
  if (::stat(folder.c_str(), &st) != 0)
    return fail(system_error("cannot read the station key folder " + folder.string()));
  if (!S_ISDIR(st.st_mode))
    return fail("the station key folder " + folder.string() + " is not a folder");
  if (st.st_uid != ::geteuid())
    return fail("the station key folder " + folder.string() + " belongs to another user");
  if ((st.st_mode & 022U) != 0)
    return fail("others can write to the station key folder " + folder.string() + " (mode " +
                mode_text(st.st_mode) + "): make it the owner's only (chmod 700 " +
                folder.string() + ")");
  return {};
}

// The seed from the key file's text: comment lines, then "seed=<64 hex digits>".
Result<speech::KeySeed> parse_key_text(std::string_view text, const fs::path& file) {
  std::size_t from = 0;
  while (from < text.size()) {
    auto stop = text.find('\n', from);
    if (stop == std::string_view::npos) stop = text.size();
    const std::string_view line = text.substr(from, stop - from);
    from = stop + 1;
    if (line.empty() || line[0] == '#') continue;
    if (line.substr(0, 5) == "seed=") {
      if (auto seed = speech::from_hex<32>(line.substr(5))) return *seed;
      break;
    }
    break;
  }
  return fail("the station key " + file.string() +
              " is not a key (a line seed=<64 hex digits> is expected)");
}

// The key in `file`; nullopt when there is no such file.
Result<std::optional<speech::SigningKey>> read_key_file(const fs::path& file) {
  const Descriptor fd(::open(file.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC));
  if (fd.get() < 0) {
    if (errno == ENOENT) return std::optional<speech::SigningKey>();
    if (errno == ELOOP)
      return fail("the station key " + file.string() + " is a symbolic link: refused");
    return fail(system_error("cannot read the station key " + file.string()));
  }
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0)
    return fail(system_error("cannot read the station key " + file.string()));
  if (!S_ISREG(st.st_mode)) return fail("the station key " + file.string() + " is not a file");
  if (st.st_uid != ::geteuid())
    return fail("the station key " + file.string() + " belongs to another user");
  if ((st.st_mode & 077U) != 0)
    return fail("others can read or write the station key " + file.string() + " (mode " +
                mode_text(st.st_mode) + "): make it readable by its owner only (chmod 600 " +
                file.string() + "), and make a new key if others may have read it");
  std::array<char, 4096> buffer{};
  const auto n = ::read(fd.get(), buffer.data(), buffer.size());
  if (n < 0) return fail(system_error("cannot read the station key " + file.string()));
  auto seed = parse_key_text(std::string_view(buffer.data(), static_cast<std::size_t>(n)), file);
  speech::wipe_secret(buffer);
  if (!seed) return fail(seed.error());
  auto key = speech::SigningKey::from_seed(*seed);
  speech::wipe_secret({reinterpret_cast<char*>(seed->data()), seed->size()});
  return std::optional<speech::SigningKey>(std::move(key));
}

Status write_all(int fd, std::string_view text, const fs::path& file) {
  std::size_t done = 0;
  while (done < text.size()) {
    const auto n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return fail(system_error("cannot write the station key " + file.string()));
    done += static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0) return fail(system_error("cannot write the station key " + file.string()));
  return {};
}

// Writes a new key to a private temporary file and links it into place, so that the key file
// appears whole or not at all, and two stations starting at once agree on one key. False when
// another process made the key first (read that one).
Result<bool> create_key_file(const fs::path& folder, const fs::path& file) {
  auto key = speech::SigningKey::generate();
  if (!key) return fail(key.error());
  const auto temporary = folder / ("station.key.new-" + std::to_string(::getpid()));
  std::string text =
      "# annabella station key (Ed25519): the station signs the seals of its "
      "recordings with it (docs/record.md).\n"
      "# Secret: keep this file readable by its owner only.\n"
      "# public key: " +
      speech::to_hex(key->public_key()) +
      "\n"
      "# fingerprint: " +
      key_fingerprint(key->public_key()) +
      "\n"
      "seed=" +
      speech::to_hex(key->seed()) + "\n";
  Status written;
  {
    const Descriptor fd(
        ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600));
    written = fd.get() < 0
                  ? Status(fail(system_error("cannot write the station key " + temporary.string())))
                  : write_all(fd.get(), text, temporary);
  }
  speech::wipe_secret(text);
  if (!written) {
    ::unlink(temporary.c_str());
    return fail(written.error());
  }
  const int linked = ::link(temporary.c_str(), file.c_str());
  const int link_error = errno;
  ::unlink(temporary.c_str());
  if (linked != 0 && link_error == EEXIST) return false;
  if (linked != 0) {
    errno = link_error;
    return fail(system_error("cannot write the station key " + file.string()));
  }
  const Descriptor dir(::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (dir.get() >= 0 && ::fsync(dir.get()) != 0)
    return fail(system_error("cannot write the station key folder " + folder.string()));
  return true;
}

}  // namespace

Result<fs::path> default_key_folder(const KeyFolderEnvironment& environment) {
  const char* xdg_data_home = environment.xdg_data_home;
  const char* home = environment.home;
  // XDG Base Directory: a relative XDG_DATA_HOME is invalid and ignored.
  if (xdg_data_home != nullptr && xdg_data_home[0] == '/')
    return fs::path(xdg_data_home) / "annabella";
  if (home != nullptr && home[0] != '\0') return fs::path(home) / ".local/share/annabella";
  return fail("no folder for the station key: neither XDG_DATA_HOME nor HOME is set");
}

Result<fs::path> default_key_folder() {
  return default_key_folder(
      KeyFolderEnvironment{std::getenv("XDG_DATA_HOME"), std::getenv("HOME")});
}

std::string key_fingerprint(const speech::PublicKey& key) {
  speech::Sha256 h;
  h.update(key);
  const std::string hex = speech::to_hex(h.finish()).substr(0, 16);
  return hex.substr(0, 4) + "-" + hex.substr(4, 4) + "-" + hex.substr(8, 4) + "-" +
         hex.substr(12, 4);
}

std::string StationKey::public_key_hex() const {
  return speech::to_hex(public_key());
}

Result<StationKey> StationKey::load_or_create(const fs::path& folder_given) {
  fs::path folder = folder_given;
  if (folder.empty()) {
    auto chosen = default_key_folder();
    if (!chosen) return fail(chosen.error());
    folder = *chosen;
  }
  if (auto ok = prepare_folder(folder); !ok) return fail(ok.error());
  const fs::path file = folder / kKeyFileName;
  for (int attempt = 0; attempt < 2; ++attempt) {
    auto loaded = read_key_file(file);
    if (!loaded) return fail(loaded.error());
    if (*loaded) return StationKey(std::move(**loaded), file, false);
    auto created = create_key_file(folder, file);
    if (!created) return fail(created.error());
    if (*created) {
      auto made = read_key_file(file);  // read back what is on the disk
      if (!made) return fail(made.error());
      if (*made) return StationKey(std::move(**made), file, true);
    }
  }
  return fail("the station key " + file.string() + " could not be made or read");
}

}  // namespace annabella::app
