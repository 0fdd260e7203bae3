#include "engine/ptx/process_runner.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace engine::ptx {

namespace {

/// Owns the two ends of a pipe and closes whatever is still open.
struct Pipe {
    int fds[2] = {-1, -1};
    ~Pipe()
    {
        for (int fd : fds) {
            if (fd >= 0)
                ::close(fd);
        }
    }
    void closeEnd(int i)
    {
        ::close(fds[i]);
        fds[i] = -1;
    }
};

std::string readAll(int fd)
{
    std::string out;
    char buf[4096];
    for (;;) {
        ssize_t n = ::read(fd, buf, sizeof buf);
        if (n > 0)
            out.append(buf, static_cast<std::size_t>(n));
        else if (n == 0 || errno != EINTR)
            return out;
    }
}

int waitFor(pid_t pid)
{
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) { }
    if (WIFEXITED(status))
        return WEXITSTATUS(status);
    return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : 1;
}

} // namespace

Result<ProcessOutput> runProcess(
    const std::filesystem::path& program, const std::vector<std::string>& args, const std::filesystem::path& workingDir)
{
    std::string exe = program.string();
    std::vector<char*> argv;
    argv.push_back(exe.data());
    std::vector<std::string> copies = args;
    for (std::string& a : copies)
        argv.push_back(a.data());
    argv.push_back(nullptr);

    Pipe pipe;
    if (::pipe2(pipe.fds, O_CLOEXEC) != 0)
        return Error(ErrorCode::IoError, std::string("cannot create a pipe: ") + std::strerror(errno));
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, pipe.fds[1], STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, pipe.fds[1], STDERR_FILENO);
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    std::string dir = workingDir.string();
    if (!dir.empty())
        posix_spawn_file_actions_addchdir_np(&actions, dir.c_str());
    pid_t pid = 0;
    int rc = ::posix_spawn(&pid, exe.c_str(), &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (rc != 0)
        return Error(ErrorCode::NotFound, "cannot run " + exe + ": " + std::strerror(rc));
    pipe.closeEnd(1);
    ProcessOutput result;
    result.output = readAll(pipe.fds[0]);
    result.exitCode = waitFor(pid);
    return result;
}

} // namespace engine::ptx
