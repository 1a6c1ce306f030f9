using System.Reflection;
using FastFormatters.Serialization.Contracts;

namespace FastFormatters.Serialization.Shapes;

/// <summary>An object's shape, generated (<see cref="ObjectShape{T}"/>) or reflected (<see cref="ReflectedObjectShape{T}"/>), whatever its type.</summary>
internal interface IObjectShape
{
    /// <summary>The members <paramref name="rules"/> serialize, in their order.</summary>
    IReadOnlyList<MemberInfo> DiscoverMembers(ContractRules rules);
}
