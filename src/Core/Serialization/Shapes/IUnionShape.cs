using FastFormatters.Serialization.Contracts;

namespace FastFormatters.Serialization.Shapes;

/// <summary>An <see cref="ObjectShape{T}"/> of an interface or abstract class the contract makes a union of.</summary>
internal interface IUnionShape
{
    /// <summary>The resolver's family's union converter of the type, over <paramref name="cases"/>.</summary>
    ValueConverter CreateUnion(IReadOnlyList<UnionCase> cases, ConverterResolver resolver);
}
