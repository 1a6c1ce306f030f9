using System.Reflection;
using FastFormatters.Serialization.Contracts;

namespace FastFormatters.Serialization.Shapes;

/// <summary>An <see cref="ObjectShape{T}"/>, whatever its type.</summary>
internal interface IObjectShape
{
    /// <summary>The members <paramref name="rules"/> serialize, in their order.</summary>
    IReadOnlyList<MemberInfo> DiscoverMembers(ContractRules rules);
}
