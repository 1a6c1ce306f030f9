using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using FastFormatters.Serialization.Contracts;
using FastFormatters.Serialization.Objects;

namespace FastFormatters.Serialization.Shapes;

/// <summary>
/// An object described by reflection: its members, constructors and accessors are read from the type when its contract
/// is built (<see cref="ReflectedObject{T}"/>), so only the members the contract serializes are compiled, non-public
/// <c>[JsonInclude]</c> ones too. Created only by <see cref="ReflectionShapeProvider"/>.
/// </summary>
/// <typeparam name="T">The type described.</typeparam>
internal sealed class ReflectedObjectShape<T> : TypeShape, IObjectShape
{
    private readonly ReflectedObject<T> _source;

    [RequiresUnreferencedCode(ReflectionContracts.Builds)]
    [RequiresDynamicCode(ReflectionContracts.Builds)]
    public ReflectedObjectShape()
        : base(typeof(T))
        => _source = new ReflectedObject<T>();

    internal override TResult Accept<TState, TResult>(IShapeVisitor<TState, TResult> visitor, TState state) => visitor.VisitObject(_source, state);

    internal override TResult Accept<TResult>(ITypeVisitor<TResult> visitor) => visitor.Visit<T>();

    public IReadOnlyList<MemberInfo> DiscoverMembers(ContractRules rules) => _source.DiscoverMembers(rules);
}
