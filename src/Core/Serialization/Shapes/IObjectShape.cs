using System.Reflection;
using FastFormatters.Serialization.Contracts;

namespace FastFormatters.Serialization.Shapes;

/// <summary>An <see cref="ObjectShape{T}"/> whatever its type.</summary>
internal interface IObjectShape
{
    /// <summary>The public instance properties and fields the shape gives.</summary>
    IReadOnlyList<MemberInfo> MemberInfos { get; }

    /// <summary>The resolver's family's union converter of the type (an interface or abstract class), over <paramref name="cases"/>.</summary>
    ValueConverter CreateUnion(IReadOnlyList<UnionCase> cases, ConverterResolver resolver);
}
