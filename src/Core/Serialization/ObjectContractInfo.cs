namespace FastFormatters.Serialization;

/// <summary>
/// The members of one object type as a format's contract rules describe them, handed to each of
/// <see cref="FastSerializerOptions.ContractModifiers"/> before the type's converter is built, like System.Text.Json's
/// <c>JsonTypeInfo</c> is handed to its resolver's modifiers. Remove a member to leave it out both ways; change its
/// name, key, order, omission or requiredness. The converter is built from what the modifiers leave, once per type and
/// format family.
/// </summary>
public sealed class ObjectContractInfo
{
    internal ObjectContractInfo(Type type, FormatFamily family, List<ObjectMemberInfo> members)
    {
        Type = type;
        Family = family;
        Members = members;
    }

    /// <summary>The object type.</summary>
    public Type Type { get; }

    /// <summary>The format family the members are for: JSON (and JMC1) or MessagePack.</summary>
    public FormatFamily Family { get; }

    /// <summary>The serialized members, in declaration order (<see cref="ObjectMemberInfo.Order"/> sorts them on the wire).</summary>
    public IList<ObjectMemberInfo> Members { get; }
}
