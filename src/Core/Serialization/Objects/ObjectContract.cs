using System.Reflection;
using System.Text;
using System.Text.Unicode;
using System.Text.Json.Nodes;

namespace FastFormatters.Serialization.Objects;

/// <summary>
/// What a plain object, record or struct is, whatever the format: the members written and read (in order, with their
/// names or integer keys), how an instance is created, which members are required, and how names are matched. Built
/// once per type and resolver by <see cref="ObjectContractBuilder"/>; each format's object converter writes and reads
/// through it.
/// </summary>
internal sealed class ObjectContract<T>
{
    public ObjectContract(
        ObjectMember<T>[] writeMembers,
        ObjectMember<T>[] readMembers,
        ObjectMember<T>?[]? keyedMembers,
        Func<T>? create,
        ConstructorPlan<T>? constructor,
        ExtensionDataMember<T>? extensionData,
        string? readUnsupportedReason,
        bool matchIgnoringCase,
        bool rejectUnmapped)
    {
        foreach (var member in readMembers)
        {
            RequiredMask |= member.RequiredIndex >= 0 ? 1UL << member.RequiredIndex : 0;
        }

        WriteMembers = writeMembers;
        ReadMembers = readMembers;
        KeyedMembers = keyedMembers;
        HasConditionalMembers = Array.Exists(writeMembers, member => member.IsConditional);
        Create = create;
        Constructor = constructor;
        ExtensionData = extensionData;
        ReadUnsupportedReason = readUnsupportedReason;
        MatchIgnoringCase = matchIgnoringCase;
        RejectUnmapped = rejectUnmapped;
    }

    /// <summary>The members written, in order.</summary>
    public ObjectMember<T>[] WriteMembers { get; }

    /// <summary>The members read, indexed by <see cref="ObjectMember{TOwner}.ReadIndex"/>.</summary>
    public ObjectMember<T>[] ReadMembers { get; }

    /// <summary>
    /// For an object encoded as an array (members keyed by integers), the members by key, with null in the gaps;
    /// <see langword="null"/> for objects encoded as maps.
    /// </summary>
    public ObjectMember<T>?[]? KeyedMembers { get; }

    public bool HasConditionalMembers { get; }

    /// <summary>The parameterless constructor, when the object is created before its members are read.</summary>
    public Func<T>? Create { get; }

    /// <summary>The constructor with parameters, when values are gathered first.</summary>
    public ConstructorPlan<T>? Constructor { get; }

    public ExtensionDataMember<T>? ExtensionData { get; }

    public string? ReadUnsupportedReason { get; }

    public bool MatchIgnoringCase { get; }

    public bool RejectUnmapped { get; }

    /// <summary>The bits of every required member (<see cref="ObjectMember{TOwner}.RequiredIndex"/>).</summary>
    public ulong RequiredMask { get; }

    /// <summary>
    /// A named definition: an object of the members written and read (a MessagePack array by key when members are keyed
    /// by integers), each nullable as its declaration says, read-only or write-only as the contract makes it.
    /// </summary>
    public JsonObject DescribeSchema(SchemaBuilder schema) => schema.Reference(typeof(T), Describe);

    /// <summary>Throws when the type cannot be read.</summary>
    public void EnsureReadable()
    {
        if (ReadUnsupportedReason is not null)
        {
            throw new NotSupportedException(ReadUnsupportedReason);
        }
    }

    /// <summary>
    /// The read index of the member named exactly <paramref name="name"/>, or -1. Members usually arrive in declaration
    /// order, so the one after the last match is tried first. Where it finds none, the reader asks
    /// <see cref="FindMemberIgnoringCase"/>, which matches when the contract allows it (ASP.NET Core's web defaults do).
    /// </summary>
    public int FindMember(ReadOnlySpan<byte> name, ref int hint)
    {
        var members = ReadMembers;
        if ((uint)hint < (uint)members.Length && name.SequenceEqual(members[hint].Name.Utf8))
        {
            return hint++;
        }

        for (int i = 0; i < members.Length; i++)
        {
            if (name.SequenceEqual(members[i].Name.Utf8))
            {
                hint = i + 1;
                return i;
            }
        }

        return -1;
    }

    /// <summary>Notes a key for duplicate detection; false when it was seen before.</summary>
    public bool IsFirst(ref SeenKeys seen, int readIndex, ReadOnlySpan<byte> name)
        => readIndex < 0 ? seen.AddOther(name) : seen.AddMember(readIndex, ReadMembers.Length);

    /// <summary>Whether an unknown key is an error: the contract rejects unmapped members and the key names no member.</summary>
    public bool IsUnmapped(ReadOnlySpan<byte> name) => RejectUnmapped && !IsWrittenMember(name);

    public static string UnmappedMessage(ReadOnlySpan<byte> name)
        => $"'{Encoding.UTF8.GetString(name)}' is not a member of {typeof(T).Name}, and the contract does not allow unknown members.";

    public string MissingMessage(ulong present)
    {
        var missing = new List<string>();
        foreach (var member in ReadMembers)
        {
            if (member.RequiredIndex >= 0 && (present & (1UL << member.RequiredIndex)) == 0)
            {
                missing.Add($"'{member.Name.Name}'");
            }
        }

        return $"{typeof(T).Name} requires the member{(missing.Count > 1 ? "s" : string.Empty)} {string.Join(", ", missing)}, which the body lacks.";
    }

    // A member of the type that is not read (get-only, output-only) is no unknown member: System.Text.Json skips it.
    private bool IsWrittenMember(ReadOnlySpan<byte> name)
    {
        foreach (var member in WriteMembers)
        {
            if (name.SequenceEqual(member.Name.Utf8) || (MatchIgnoringCase && Ascii.EqualsIgnoreCase(name, member.Name.Utf8)))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>The read index of the member named <paramref name="name"/> ignoring case, or -1; always -1 when the contract matches names exactly.</summary>
    public int FindMemberIgnoringCase(ReadOnlySpan<byte> name)
    {
        if (!MatchIgnoringCase)
        {
            return -1;
        }

        var members = ReadMembers;
        if (Ascii.IsValid(name))
        {
            for (int i = 0; i < members.Length; i++)
            {
                if (Ascii.EqualsIgnoreCase(name, members[i].Name.Utf8))
                {
                    return i;
                }
            }

            return -1;
        }

        // Names arrive here unchecked (see ObjectComposite.Read): only valid UTF-8 may match a name.
        if (!Utf8.IsValid(name))
        {
            return -1;
        }

        string text = Encoding.UTF8.GetString(name);
        for (int i = 0; i < members.Length; i++)
        {
            if (string.Equals(text, members[i].Name.Name, StringComparison.OrdinalIgnoreCase))
            {
                return i;
            }
        }

        return -1;
    }

    private JsonObject Describe(SchemaBuilder schema)
    {
        var nullability = new NullabilityInfoContext();
        if (KeyedMembers is not null)
        {
            var items = new JsonObject[KeyedMembers.Length];
            for (int key = 0; key < items.Length; key++)
            {
                items[key] = KeyedMembers[key] is { } keyed ? DescribeMember(keyed, schema, nullability) : SchemaBuilder.Of("null");
            }

            var array = SchemaBuilder.Tuple(items);
            array.Remove("minItems");
            return array;
        }

        var properties = new JsonObject();
        var required = new JsonArray();
        foreach (var member in WriteMembers.Concat(ReadMembers).Distinct())
        {
            var value = DescribeMember(member, schema, nullability);
            if (!member.CanGet)
            {
                value = new JsonObject { ["allOf"] = new JsonArray(value), ["writeOnly"] = true };
            }
            else if (!Array.Exists(ReadMembers, read => ReferenceEquals(read, member)))
            {
                value = new JsonObject { ["allOf"] = new JsonArray(value), ["readOnly"] = true };
            }

            properties[member.Name.Name] = value;
            if (member.RequiredIndex >= 0)
            {
                required.Add((JsonNode?)JsonValue.Create(member.Name.Name));
            }
        }

        var described = new JsonObject { ["type"] = "object", ["properties"] = properties };
        if (required.Count > 0)
        {
            described["required"] = required;
        }

        if (RejectUnmapped && ExtensionData is null)
        {
            described["additionalProperties"] = false;
        }

        return described;
    }

    private static JsonObject DescribeMember(ObjectMember<T> member, SchemaBuilder schema, NullabilityInfoContext nullability)
    {
        var value = member.DescribeValue(schema);
        bool mayBeNull = !member.ValueType.IsValueType && member.Member switch
        {
            PropertyInfo property => nullability.Create(property).ReadState != NullabilityState.NotNull,
            FieldInfo field => nullability.Create(field).ReadState != NullabilityState.NotNull,
            _ => true,
        };
        return mayBeNull ? SchemaBuilder.OrNull(value) : value;
    }
}
