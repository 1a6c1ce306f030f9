using System.Diagnostics.CodeAnalysis;
using FastFormatters.Serialization;
using System.Globalization;
using System.Reflection;
using System.Runtime.Serialization;
using System.Text.Json.Serialization;

namespace FastFormatters.Serialization.Contracts;

/// <summary>
/// MessagePack-CSharp's contract, so a .NET service on MessagePack-CSharp reads what is written and is understood:
/// <list type="bullet">
/// <item><c>[MessagePackObject]</c> types: members with <c>[Key(int)]</c> make an array indexed by key (gaps are nil),
/// members with <c>[Key(string)]</c> a map under those keys; <c>[MessagePackObject(true)]</c> maps use the CLR names.</item>
/// <item><c>[DataContract]</c> types: <c>[DataMember]</c> members only, keyed by <c>Order</c> (an array) when every one
/// sets it, else by <c>Name</c>, else by the CLR name.</item>
/// <item>Other types (MessagePack-CSharp's contractless resolver): public properties and fields under their CLR names,
/// those that can be neither assigned nor passed to the constructor left out.</item>
/// <item>Tuples, value tuples and key/value pairs: arrays of their items.</item>
/// <item><c>[IgnoreMember]</c>, <c>[IgnoreDataMember]</c> and <c>[NonSerialized]</c> leave a member out, and so does <c>[JsonIgnore]</c>: a
/// member hidden from JSON is never sent through another format (MessagePack-CSharp itself would write it).</item>
/// <item>Every member is written, <see langword="null"/> or not; enums are their underlying numbers unless names are asked for.</item>
/// <item><c>[Union(tag, typeof(T))]</c> on an interface or abstract class: <c>[tag, value]</c>.</item>
/// <item>Construction: <c>[SerializationConstructor]</c>, else the public constructor with the most parameters that all
/// match members (the parameterless one last), as MessagePack-CSharp picks it.</item>
/// </list>
/// The attributes are recognised by name, so this library needs no reference to MessagePack-CSharp.
/// </summary>
internal sealed class MessagePackContractRules : ContractRules
{
    private const string Namespace = "MessagePack.";

    public MessagePackContractRules(bool enumsAsNumbers) => EnumsAsNumbers = enumsAsNumbers;

    public override bool EnumsAsNumbers { get; }

    public override bool PicksWidestMatchingConstructor => true;

    /// <summary>
    /// Names are matched exactly, as MessagePack-CSharp matches them: a key in another case is skipped, so a body binds
    /// the same members here as on a MessagePack-CSharp server.
    /// </summary>
    public override bool MatchesNamesIgnoringCase => false;

    /// <summary>As DynamicEnumAsStringResolver names them: <c>[EnumMember(Value)]</c>, else the field's name.</summary>
    public override Func<FieldInfo, string>? EnumNames(Type enumType)
        => EnumsAsNumbers ? null : field => field.GetCustomAttribute<EnumMemberAttribute>()?.Value ?? field.Name;

    protected override bool IncludesField(FieldInfo field) => true;

    protected override bool IsIgnored(Type owner, MemberInfo member)
    {
        if (FindAttribute(member, "IgnoreMemberAttribute") is not null
            || member.IsDefined(typeof(IgnoreDataMemberAttribute))
            || member.IsDefined(typeof(NonSerializedAttribute))
            || member.GetCustomAttribute<JsonIgnoreAttribute>() is { Condition: JsonIgnoreCondition.Always })
        {
            return true;
        }

        if (FindAttribute(owner, "MessagePackObjectAttribute") is { } contract)
        {
            // Without keyAsPropertyName every member needs a [Key]; MessagePack-CSharp refuses a type that lacks one.
            return !KeysAsPropertyNames(contract) && FindAttribute(member, "KeyAttribute") is null;
        }

        return owner.IsDefined(typeof(DataContractAttribute), inherit: false) && !member.IsDefined(typeof(DataMemberAttribute));
    }

    public override bool IsExtensionData(MemberInfo member) => false;

    public override MemberContract Describe(Type owner, MemberInfo member)
    {
        var (canGet, canSet) = MemberAccess.Of(member);
        var contract = FindAttribute(owner, "MessagePackObjectAttribute");
        if (contract is null && IsTuple(owner))
        {
            // Tuples and key/value pairs are arrays of their items: Item1 or Key first.
            int position = member.Name == "Value" ? 1 : member.Name.StartsWith("Item", StringComparison.Ordinal) ? int.Parse(member.Name.AsSpan(4), CultureInfo.InvariantCulture) - 1 : member.Name == "Rest" ? 7 : 0;
            return new MemberContract(member.Name, position, MemberOmission.Never, position, canGet, canSet);
        }

        if (contract is null || KeysAsPropertyNames(contract))
        {
            // [Key] counts only on a [MessagePackObject] type, as in MessagePack-CSharp; [DataMember] on a data contract.
            return contract is null ? DescribeWithoutContract(owner, member, canGet, canSet) : new MemberContract(member.Name, Key: -1, MemberOmission.Never, Order: 0, canGet, canSet);
        }

        if (FindAttribute(member, "KeyAttribute") is { } key)
        {
            return key.ConstructorArguments[0].Value switch
            {
                int index when index >= 0 => new MemberContract(member.Name, index, MemberOmission.Never, index, canGet, canSet),
                string name => new MemberContract(name, Key: -1, MemberOmission.Never, Order: 0, canGet, canSet),
                var other => throw new NotSupportedException($"The key {other} of {owner}.{member.Name} is neither a string nor a non-negative integer."),
            };
        }

        return new MemberContract(member.Name, Key: -1, MemberOmission.Never, Order: 0, canGet, canSet);
    }

    /// <summary>Only contractless types (neither a <c>[MessagePackObject]</c> nor a data contract) leave such members out.</summary>
    public override bool WritesUnassignableMembers(Type owner)
        => FindAttribute(owner, "MessagePackObjectAttribute") is { } contract
            ? !KeysAsPropertyNames(contract)
            : owner.IsDefined(typeof(DataContractAttribute), inherit: false) || IsTuple(owner);

    private static MemberContract DescribeWithoutContract(Type owner, MemberInfo member, bool canGet, bool canSet)
    {
        if (owner.IsDefined(typeof(DataContractAttribute), inherit: false) && member.GetCustomAttribute<DataMemberAttribute>() is { } dataMember)
        {
            return dataMember.Order >= 0 && EveryDataMemberHasAnOrder(owner)
                ? new MemberContract(member.Name, dataMember.Order, MemberOmission.Never, dataMember.Order, canGet, canSet)
                : new MemberContract(dataMember.Name ?? member.Name, Key: -1, MemberOmission.Never, Order: 0, canGet, canSet);
        }

        return new MemberContract(member.Name, Key: -1, MemberOmission.Never, Order: 0, canGet, canSet);
    }

    private static bool IsTuple(Type type)
    {
        if (!type.IsGenericType)
        {
            return false;
        }

        var definition = type.GetGenericTypeDefinition();
        return definition == typeof(KeyValuePair<,>)
            || (definition.Namespace == "System" && definition.Name.StartsWith("ValueTuple`", StringComparison.Ordinal))
            || (definition.Namespace == "System" && definition.Name.StartsWith("Tuple`", StringComparison.Ordinal));
    }

    public override bool IsMarkedConstructor(ConstructorInfo constructor) => FindAttribute(constructor, "SerializationConstructorAttribute") is not null;

    public override IReadOnlyList<UnionCase>? GetUnionCases(Type type)
    {
        if (!type.IsInterface && !type.IsAbstract)
        {
            return null;
        }

        List<UnionCase>? cases = null;
        foreach (var attribute in type.GetCustomAttributesData())
        {
            if (attribute.AttributeType.FullName != Namespace + "UnionAttribute")
            {
                continue;
            }

            var arguments = attribute.ConstructorArguments;
            if (arguments is not [{ Value: int tag }, { Value: Type subType }])
            {
                throw new NotSupportedException($"The union {type} names a subtype by string; name it by type: [Union(tag, typeof(T))].");
            }

            if (!type.IsAssignableFrom(subType) || subType.IsAbstract || subType.IsInterface)
            {
                throw new NotSupportedException($"The union {type} lists {subType}, which is not a concrete type derived from it.");
            }

            (cases ??= []).Add(new UnionCase(tag, subType));
        }

        return cases;
    }

    // MessagePack-CSharp refuses a data contract whose members mix orders and names; such a type is read and
    // written as a map here, keyed by names, which its readers can at least take apart.
    [UnconditionalSuppressMessage("Trimming", "IL2070", Justification = "Only public properties and fields are looked at: by reflection where it is on, else those of the type's shape, which keeps them referenced.")]
    private static bool EveryDataMemberHasAnOrder(Type owner)
    {
        const BindingFlags flags = BindingFlags.Public | BindingFlags.Instance;
        foreach (var member in owner.GetMembers(flags))
        {
            if (member is PropertyInfo or FieldInfo && member.GetCustomAttribute<DataMemberAttribute>() is { Order: < 0 })
            {
                return false;
            }
        }

        return true;
    }

    private static bool KeysAsPropertyNames(CustomAttributeData contract)
        => contract.ConstructorArguments is [{ Value: true }, ..];

    private static CustomAttributeData? FindAttribute(MemberInfo target, string name)
    {
        foreach (var attribute in target.GetCustomAttributesData())
        {
            if (attribute.AttributeType.FullName == Namespace + name)
            {
                return attribute;
            }
        }

        return null;
    }
}
