// costsim/core/atomic_file.hpp — writing an output file so that it is either whole or absent.
//
// Reports (`report -o`, `--report`), measurement files and checkpoints are written into an
// unnamed file in the target's folder (O_TMPFILE), synced, given a temporary name and then
// renamed over the target. A process killed while writing leaves the old file, or none, in
// place, and no partial file behind; where the file system has no O_TMPFILE, a named
// temporary file ("TARGET.tmp.PID") is used instead, which a kill can leave behind but
// never in the target's place. POSIX (Linux) only.
#pragma once

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <functional>
#include <string>

#include "costsim/core/error.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

/// Replaces `path` with `bytes` atomically; input_error naming `path` on any failure (the
/// target is then untouched). `before_rename` runs after the bytes are synced, just before
/// the rename (a test hook: the runner's kill-in-checkpoint test uses it).
void write_file_atomically(const std::string& path, const std::string& bytes,
                           const std::function<void()>& before_rename = {});

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

namespace detail {

inline void write_all_or_throw(int fd, const std::string& bytes, const std::string& path) {
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t w = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (w < 0) {
            if (errno == EINTR) continue;
            throw input_error(path, "", std::string("a writable output path (") + std::strerror(errno) + ")");
        }
        done += static_cast<std::size_t>(w);
    }
    if (::fsync(fd) != 0)
        throw input_error(path, "", std::string("a file that can be synced (") + std::strerror(errno) + ")");
}

}  // namespace detail

inline void write_file_atomically(const std::string& path, const std::string& bytes,
                                  const std::function<void()>& before_rename) {
    namespace fs = std::filesystem;
    fs::path dir = fs::path(path).parent_path();
    if (dir.empty()) dir = ".";
    const std::string tmp = path + ".tmp." + std::to_string(::getpid());
    bool named = false;
#ifdef O_TMPFILE
    int fd = ::open(dir.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0644);
    if (fd >= 0) {
        try {
            detail::write_all_or_throw(fd, bytes, path);
        } catch (...) {
            ::close(fd);
            throw;
        }
        // Give the finished file a name; fall back to a named file if /proc is missing.
        const std::string self = "/proc/self/fd/" + std::to_string(fd);
        ::unlink(tmp.c_str());
        named = ::linkat(AT_FDCWD, self.c_str(), AT_FDCWD, tmp.c_str(), AT_SYMLINK_FOLLOW) == 0;
        ::close(fd);
    }
#endif
    if (!named) {
        const int nfd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        if (nfd < 0) throw input_error(path, "", std::string("a writable output path (") + std::strerror(errno) + ")");
        try {
            detail::write_all_or_throw(nfd, bytes, path);
        } catch (...) {
            ::close(nfd);
            ::unlink(tmp.c_str());
            throw;
        }
        ::close(nfd);
    }
    if (before_rename) before_rename();
    if (::rename(tmp.c_str(), path.c_str()) != 0) {
        const int e = errno;
        ::unlink(tmp.c_str());
        throw input_error(path, "", std::string("a writable output path (") + std::strerror(e) + ")");
    }
    // The rename itself is durable only once the folder is synced.
    const int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd >= 0) {
        ::fsync(dfd);
        ::close(dfd);
    }
}

}  // namespace costsim
