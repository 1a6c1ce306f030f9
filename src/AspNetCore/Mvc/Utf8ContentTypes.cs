using Microsoft.Extensions.Primitives;

namespace FastFormatters.Mvc;

/// <summary>
/// Response content types with <c>; charset=utf-8</c> appended, each made once per distinct media type, so a response
/// does not build one. Bounded: media types past <see cref="MaxEntries"/> (wildcard-matched vendor types a client
/// names) are made per response rather than kept.
/// </summary>
internal sealed class Utf8ContentTypes
{
    private const int MaxEntries = 16;

    private readonly Lock _gate = new();
    private (string MediaType, string WithCharset)[] _entries = [];

    /// <summary><paramref name="mediaType"/> followed by <c>; charset=utf-8</c>.</summary>
    public string For(StringSegment mediaType)
    {
        foreach (var (known, withCharset) in Volatile.Read(ref _entries))
        {
            if (mediaType.Equals(known, StringComparison.Ordinal))
            {
                return withCharset;
            }
        }

        string value = mediaType.Value ?? string.Empty;
        string made = value + "; charset=utf-8";
        if (Volatile.Read(ref _entries).Length >= MaxEntries)
        {
            return made;
        }

        lock (_gate)
        {
            // Another response may have added it meanwhile: keep one entry per media type.
            if (_entries.Length < MaxEntries && !Contains(_entries, value))
            {
                _entries = [.. _entries, (value, made)];
            }
        }

        return made;
    }

    private static bool Contains((string MediaType, string WithCharset)[] entries, string mediaType)
    {
        foreach (var entry in entries)
        {
            if (entry.MediaType == mediaType)
            {
                return true;
            }
        }

        return false;
    }
}
