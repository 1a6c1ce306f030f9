using System.Runtime.InteropServices;

namespace FastFormatters.Fuzzing;

/// <summary>The few libc calls <see cref="GuardedBuffer"/> needs to lay out pages with guard pages around them (Linux).</summary>
internal static class LibC
{
    public const int ProtNone = 0;
    public const int ProtRead = 1;
    public const int ProtWrite = 2;

    // Linux values (the same on x86-64 and arm64).
    public const int MapPrivate = 0x02;
    public const int MapAnonymous = 0x20;

    public static readonly IntPtr MapFailed = new(-1);

    [DllImport("libc", SetLastError = true)]
    public static extern IntPtr mmap(IntPtr address, nuint length, int protection, int flags, int fd, nint offset);

    [DllImport("libc", SetLastError = true)]
    public static extern int mprotect(IntPtr address, nuint length, int protection);

    [DllImport("libc", SetLastError = true)]
    public static extern int munmap(IntPtr address, nuint length);
}
