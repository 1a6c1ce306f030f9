using System.Reflection;
using FastFormatters.Serialization.Objects;

namespace FastFormatters.Serialization.Shapes;

/// <summary>
/// A member reflection finds whose type no value can have outside the stack (a pointer, a <c>Span&lt;T&gt;</c>), so no
/// <see cref="MemberShape{T, TValue}"/> can describe it: kept in the shape so that a contract that leaves it out
/// (<c>[JsonIgnore]</c>) still serves the type, and one that serializes it refuses the type naming the member.
/// </summary>
/// <typeparam name="T">The type that declares the member.</typeparam>
internal sealed class UnserializableMemberShape<T>(MemberInfo member) : MemberShape<T>(member)
{
    internal override ObjectMember<T> CreateMember(EncodedName name, int key, ValueConverter converter, MemberOmission omission, bool canGet, bool canSet)
        => throw Refusal();

    internal override ExtensionDataMember<T> CreateExtensionData(ValueConverter<object?> values) => throw Refusal();

    private NotSupportedException Refusal()
        => new($"The member {Member.Name} of {typeof(T)} is a {Contracts.MemberAccess.ValueType(Member)}, which cannot be serialized.");
}
