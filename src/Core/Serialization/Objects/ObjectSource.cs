using System.Reflection;
using FastFormatters.Serialization.Contracts;

namespace FastFormatters.Serialization.Objects;

/// <summary>
/// Where <see cref="ObjectContractBuilder"/> takes a type's members, constructors and accessors from: the type itself by
/// reflection (<see cref="ReflectedObject{T}"/>), or its generated shape (<see cref="ShapedObject{T}"/>).
/// </summary>
internal abstract class ObjectSource<T>
{
    /// <summary>The members <paramref name="rules"/> serialize, in their order.</summary>
    public abstract IReadOnlyList<MemberInfo> DiscoverMembers(ContractRules rules);

    /// <summary>The public instance constructors.</summary>
    public abstract ConstructorInfo[] Constructors { get; }

    public abstract ObjectMember<T> CreateMember(MemberInfo member, EncodedName name, int key, ValueConverter converter, MemberOmission omission, bool canGet, bool canSet);

    public abstract ExtensionDataMember<T> CreateExtensionData(PropertyInfo property, ValueConverter<object?> values);

    /// <summary>Creates an instance through the parameterless constructor, or a struct's default.</summary>
    public abstract Func<T> CreateWithoutArguments();

    /// <summary>Calls <paramref name="constructor"/> with one argument per parameter.</summary>
    public abstract Func<object?[], T> Invoker(ConstructorInfo constructor);
}
