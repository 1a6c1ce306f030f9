using System.Text;

namespace FastFormatters.Serialization.Objects;

/// <summary>
/// The keys one object has shown so far, kept only when duplicate keys are rejected
/// (<see cref="FastSerializerOptions.RejectDuplicateKeys"/>): members by index in a bit mask, keys that name no
/// member in a set.
/// </summary>
internal struct SeenKeys
{
    private ulong _firstMembers;
    private bool[]? _laterMembers;
    private HashSet<string>? _others;

    public static string DuplicateMessage(string key) => $"The key '{key}' appears more than once in the same object.";

    /// <summary>Notes member <paramref name="index"/> of <paramref name="memberCount"/>; false when it was seen before.</summary>
    public bool AddMember(int index, int memberCount)
    {
        if (index < 64)
        {
            ulong bit = 1UL << index;
            bool added = (_firstMembers & bit) == 0;
            _firstMembers |= bit;
            return added;
        }

        // Types this wide are rare: only they pay for an array.
        var later = _laterMembers ??= new bool[memberCount - 64];
        bool first = !later[index - 64];
        later[index - 64] = true;
        return first;
    }

    /// <summary>Notes a key that names no member; false when it was seen before.</summary>
    public bool AddOther(ReadOnlySpan<byte> name) => (_others ??= new(StringComparer.Ordinal)).Add(Encoding.UTF8.GetString(name));
}
