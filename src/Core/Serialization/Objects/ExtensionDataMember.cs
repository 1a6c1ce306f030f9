using System.Linq.Expressions;
using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using FastFormatters.Serialization.Shapes;

namespace FastFormatters.Serialization.Objects;

/// <summary>
/// A <c>[JsonExtensionData]</c> dictionary: its entries are written as members of the owner, and members the owner does
/// not declare are read into it. This is how <c>ProblemDetails.Extensions</c> (traceId, errors, ...) stays at the top level.
/// </summary>
internal sealed class ExtensionDataMember<TOwner>
{
    private readonly Func<TOwner, IDictionary<string, object?>?> _getter;
    private readonly MemberSetter<TOwner, IDictionary<string, object?>>? _setter;

    /// <param name="values">The converter of the entries' values.</param>
    /// <param name="getter">Reads the dictionary.</param>
    /// <param name="setter">Assigns a new one when the member is null, or null when it cannot be assigned.</param>
    public ExtensionDataMember(ValueConverter<object?> values, Func<TOwner, IDictionary<string, object?>?> getter, MemberSetter<TOwner, IDictionary<string, object?>>? setter)
    {
        Values = values;
        _getter = getter;
        _setter = setter;
    }

    /// <summary>The member with accessors compiled from <paramref name="property"/> (the reflection provider's).</summary>
    [RequiresUnreferencedCode(ReflectionContracts.Builds)]
    [RequiresDynamicCode(ReflectionContracts.Builds)]
    public static ExtensionDataMember<TOwner> Reflect(PropertyInfo property, ValueConverter<object?> values)
    {
        if (!typeof(IDictionary<string, object?>).IsAssignableFrom(property.PropertyType))
        {
            throw NotADictionary(property);
        }

        var owner = Expression.Parameter(typeof(TOwner), "owner");
        var getter = Expression.Lambda<Func<TOwner, IDictionary<string, object?>?>>(
            Expression.Convert(Expression.Property(owner, property), typeof(IDictionary<string, object?>)), owner).Compile();
        MemberSetter<TOwner, IDictionary<string, object?>>? setter = null;
        if (property.GetSetMethod() is not null && property.PropertyType.IsAssignableFrom(typeof(Dictionary<string, object?>)))
        {
            var byRef = Expression.Parameter(typeof(TOwner).MakeByRefType(), "owner");
            var value = Expression.Parameter(typeof(IDictionary<string, object?>), "value");
            setter = Expression.Lambda<MemberSetter<TOwner, IDictionary<string, object?>>>(
                Expression.Assign(Expression.Property(byRef, property), Expression.Convert(value, property.PropertyType)), byRef, value).Compile();
        }

        return new ExtensionDataMember<TOwner>(values, getter, setter);
    }

    public static NotSupportedException NotADictionary(MemberInfo member)
        => new($"The extension data member {member.DeclaringType}.{member.Name} must be an IDictionary<string, object?>.");

    /// <summary>The converter of the entries' values (<see cref="object"/>), of the resolver's format.</summary>
    public ValueConverter<object?> Values { get; }

    /// <summary>The entries of <paramref name="owner"/>, or null.</summary>
    public IDictionary<string, object?>? Entries(TOwner owner) => _getter(owner);

    public int Count(TOwner owner) => _getter(owner)?.Count ?? 0;

    public void Add(ref TOwner owner, string key, object? value)
    {
        var entries = _getter(owner);
        if (entries is null)
        {
            if (_setter is null)
            {
                return;
            }

            entries = new Dictionary<string, object?>();
            _setter(ref owner, entries);
        }

        entries[key] = value;
    }
}
