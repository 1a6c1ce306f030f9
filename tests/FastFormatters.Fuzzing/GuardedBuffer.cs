using System.Runtime.InteropServices;

namespace FastFormatters.Fuzzing;

/// <summary>
/// Holds one fuzz input so that reading a byte outside it faults the process instead of passing silently.
/// </summary>
/// <remarks>
/// On Linux the buffer is one mmap of [guard page][data pages][guard page], both guard pages PROT_NONE. An input is
/// copied either to end exactly where the trailing guard page begins (a read one byte past its end touches it), or to
/// start exactly where the leading guard page ends (a read one byte before its start touches it). While the readers run
/// the data pages are read-only, so a write into the input faults too. The readers index spans, which are bounds-checked,
/// so this catches what bounds checks cannot: vectorized searches, unsafe code, and spans built over the wrong length.
/// Elsewhere the input is an exact-length managed array, where such reads go unnoticed: only the bounds checks hold.
/// </remarks>
internal sealed unsafe class GuardedBuffer : IDisposable
{
    private readonly int _pageSize;
    private readonly IntPtr _mapping;
    private readonly nuint _mappingLength;
    private readonly IntPtr _data;
    private readonly int _dataLength;
    private byte[]? _managed;
    private bool _abandoned;

    public GuardedBuffer(int capacity)
    {
        Capacity = capacity;
        if (!OperatingSystem.IsLinux())
        {
            return;
        }

        _pageSize = Environment.SystemPageSize;
        _dataLength = Math.Max(1, (capacity + _pageSize - 1) / _pageSize) * _pageSize;
        _mappingLength = (nuint)(_dataLength + (2 * _pageSize));
        _mapping = LibC.mmap(IntPtr.Zero, _mappingLength, LibC.ProtNone, LibC.MapPrivate | LibC.MapAnonymous, -1, 0);
        if (_mapping == LibC.MapFailed)
        {
            throw new InvalidOperationException($"mmap failed: errno {Marshal.GetLastPInvokeError()}.");
        }

        _data = _mapping + _pageSize;
        Protect(LibC.ProtRead);
    }

    /// <summary>The longest input the buffer holds.</summary>
    public int Capacity { get; }

    /// <summary>Whether inputs really sit against guard pages (Linux), rather than in managed arrays.</summary>
    public bool IsGuarded => _mapping != IntPtr.Zero;

    /// <summary>Where the next byte after an input placed with <see cref="PlaceAtEnd"/> lies: the first guard byte.</summary>
    public IntPtr TrailingGuard => _data + _dataLength;

    /// <summary>Copies <paramref name="input"/> to end at the trailing guard page and returns the read-only span over it.</summary>
    public ReadOnlySpan<byte> PlaceAtEnd(ReadOnlySpan<byte> input) => Place(input, atEnd: true);

    /// <summary>Copies <paramref name="input"/> to start right after the leading guard page.</summary>
    public ReadOnlySpan<byte> PlaceAtStart(ReadOnlySpan<byte> input) => Place(input, atEnd: false);

    /// <summary>
    /// Leaves the memory mapped after <see cref="Dispose"/>: for a reader that hung and may still wake up and read it,
    /// which must not fault on memory freed under it.
    /// </summary>
    public void Abandon() => _abandoned = true;

    public void Dispose()
    {
        if (_mapping != IntPtr.Zero && !_abandoned)
        {
            _ = LibC.munmap(_mapping, _mappingLength);
        }
    }

    private ReadOnlySpan<byte> Place(ReadOnlySpan<byte> input, bool atEnd)
    {
        if (input.Length > Capacity)
        {
            throw new ArgumentException($"The input is {input.Length} bytes; the buffer holds {Capacity}.", nameof(input));
        }

        if (!IsGuarded)
        {
            _managed = input.ToArray();
            return _managed;
        }

        var destination = (byte*)(atEnd ? _data + _dataLength - input.Length : _data);
        Protect(LibC.ProtRead | LibC.ProtWrite);
        input.CopyTo(new Span<byte>(destination, input.Length));
        Protect(LibC.ProtRead);
        return new ReadOnlySpan<byte>(destination, input.Length);
    }

    private void Protect(int protection)
    {
        if (LibC.mprotect(_data, (nuint)_dataLength, protection) != 0)
        {
            throw new InvalidOperationException($"mprotect failed: errno {Marshal.GetLastPInvokeError()}.");
        }
    }
}
