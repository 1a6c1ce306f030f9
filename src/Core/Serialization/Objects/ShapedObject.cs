using System.Reflection;
using FastFormatters.Serialization.Contracts;
using FastFormatters.Serialization.Shapes;

namespace FastFormatters.Serialization.Objects;

/// <summary>
/// A type's members, constructors and accessors from its generated <see cref="ObjectShape{T}"/>: no reflection beyond
/// the members' and constructors' own metadata (names, types, attributes), which the shape keeps referenced.
/// </summary>
internal sealed class ShapedObject<T>(ObjectShape<T> shape) : ObjectSource<T>
{
    public override ConstructorInfo[] Constructors { get; } = [.. shape.Constructors.Select(constructor => constructor.Constructor)];

    public override IReadOnlyList<MemberInfo> DiscoverMembers(ContractRules rules)
        => rules.SelectMembers(typeof(T), [.. shape.Members.Select(member => member.Member)]);

    public override ObjectMember<T> CreateMember(MemberInfo member, EncodedName name, int key, ValueConverter converter, MemberOmission omission, bool canGet, bool canSet)
        => Find(member).CreateMember(name, key, converter, omission, canGet, canSet);

    public override ExtensionDataMember<T> CreateExtensionData(PropertyInfo property, ValueConverter<object?> values)
        => Find(property).CreateExtensionData(values);

    public override Func<T> CreateWithoutArguments()
        => shape.Create ?? throw new NotSupportedException($"The shape of {typeof(T)} gives no way to create it without arguments, which its contract needs.");

    public override Func<object?[], T> Invoker(ConstructorInfo constructor)
    {
        foreach (var candidate in shape.Constructors)
        {
            if (candidate.Constructor == constructor)
            {
                return candidate.Invoke;
            }
        }

        throw new NotSupportedException($"The shape of {typeof(T)} does not give the constructor {constructor}.");
    }

    private MemberShape<T> Find(MemberInfo member)
    {
        foreach (var candidate in shape.Members)
        {
            if (ContractRules.IsSameMember(candidate.Member, member))
            {
                return candidate;
            }
        }

        throw new NotSupportedException($"The shape of {typeof(T)} does not give its member {member.Name}.");
    }
}
