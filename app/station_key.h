// The station's signing key (D.2.7 tamper evidence, docs/record.md "The station key"): one
// Ed25519 key per station, made on first use and kept in a file only its owner can read. The
// station signs each recording's seal with it; the public key and its short fingerprint go into
// the record, so that anyone can check a seal and an arbiter can tell this station's seals from
// anyone else's.
//
// The key file is `<folder>/station.key` (mode 0600), the folder mode 0700. The folder is
// `$XDG_DATA_HOME/annabella`, or `~/.local/share/annabella` when XDG_DATA_HOME is not set, or
// whatever the caller names (a configuration key; tests use a temporary folder).
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "core/result.h"
#include "speech/crypto.h"

namespace annabella::app {

// The environment values the default key folder comes from (either may be null or empty).
struct KeyFolderEnvironment {
  const char* xdg_data_home = nullptr;
  const char* home = nullptr;
};
// $XDG_DATA_HOME/annabella, else $HOME/.local/share/annabella. Fails when neither is set.
[[nodiscard]] Result<std::filesystem::path> default_key_folder(
    const KeyFolderEnvironment& environment);
// The same from this process's environment.
[[nodiscard]] Result<std::filesystem::path> default_key_folder();

// The public key's short fingerprint: the first 8 bytes of SHA-256(public key), in hex, in four
// groups of four ("3f2a-91c4-0b7e-55d2"). Short enough to read aloud and write down.
[[nodiscard]] std::string key_fingerprint(const speech::PublicKey& key);

class StationKey {
 public:
  // Loads `<folder>/station.key`, or makes a new key there when there is none (the folder too,
  // mode 0700). "" means default_key_folder(). Refuses a key file that others can read or
  // write, that is not a regular file of this user (a symbolic link, a folder), or whose
  // content is not a key; refuses a folder others can write to.
  [[nodiscard]] static Result<StationKey> load_or_create(const std::filesystem::path& folder);

  [[nodiscard]] const speech::PublicKey& public_key() const { return key_.public_key(); }
  [[nodiscard]] std::string public_key_hex() const;
  [[nodiscard]] std::string fingerprint() const { return key_fingerprint(public_key()); }
  [[nodiscard]] speech::Signature sign(std::string_view message) const {
    return key_.sign(message);
  }
  // Where the key is kept, and whether this call made it (the station says so once).
  [[nodiscard]] const std::filesystem::path& file() const { return file_; }
  [[nodiscard]] bool created() const { return created_; }

 private:
  StationKey(speech::SigningKey key, std::filesystem::path file, bool created)
      : key_(std::move(key)), file_(std::move(file)), created_(created) {}
  speech::SigningKey key_;
  std::filesystem::path file_;
  bool created_ = false;
};

}  // namespace annabella::app
