using System.Diagnostics.CodeAnalysis;
using System.Text.Json.Serialization;
using FastFormatters.Serialization.Objects;

namespace FastFormatters.Serialization;

/// <summary>
/// One format's converters, by kind of type: <see cref="ConverterFactory"/> decides what a type is (a nullable, a list,
/// an object, ...) the same way for every format, and asks the resolver's family for the converter of that kind. Generic
/// kinds are given as open generic definitions whose constructors take the arguments documented on each property.
/// </summary>
internal abstract class ConverterFamily
{
    /// <summary>The format a <see cref="ConverterProvider"/> is asked for: <see cref="FastFormat.Json"/> (JSON and JMC1) or <see cref="FastFormat.MessagePack"/>.</summary>
    public abstract FastFormat Format { get; }

    /// <summary>Whether an app's converter is one of this family's (derives from its converter base).</summary>
    public abstract bool Serves(ValueConverter converter);

    /// <summary>The converter of a primitive type (numbers, strings, dates, GUIDs, ...), or null.</summary>
    public abstract ValueConverter? Primitive(Type type);

    /// <summary>
    /// A converter the format takes before any other rule (an external serializer that claims the type), or null.
    /// </summary>
    [RequiresUnreferencedCode(ReflectionContracts.Builds)]
    [RequiresDynamicCode(ReflectionContracts.Builds)]
    public virtual ValueConverter? Claim(Type type, ConverterResolver resolver) => null;

    /// <summary>
    /// A converter the format has for a type outside the common kinds (a form its ecosystem gives the type), asked after
    /// the System.Text.Json hand-off; null when it has none.
    /// </summary>
    [RequiresUnreferencedCode(ReflectionContracts.Builds)]
    [RequiresDynamicCode(ReflectionContracts.Builds)]
    public virtual ValueConverter? FormatSpecific(Type type, ConverterResolver resolver) => null;

    /// <summary>Values declared as <see cref="object"/>, written by their runtime type.</summary>
    public abstract ValueConverter ObjectValue(ConverterResolver resolver);

    /// <summary><see cref="System.Text.Json.JsonElement"/> and <see cref="System.Text.Json.JsonDocument"/>.</summary>
    public abstract ValueConverter JsonElement(ConverterResolver resolver);

    /// <inheritdoc cref="JsonElement"/>
    public abstract ValueConverter JsonDocument(ConverterResolver resolver);

    /// <summary>A <see cref="System.Text.Json.Nodes.JsonNode"/> or one of its kinds.</summary>
    [RequiresUnreferencedCode(ReflectionContracts.Builds)]
    [RequiresDynamicCode(ReflectionContracts.Builds)]
    public abstract ValueConverter JsonNode(Type nodeType, ConverterResolver resolver);

    /// <summary>A type System.Text.Json writes and reads, under <paramref name="options"/>.</summary>
    [RequiresUnreferencedCode(ReflectionContracts.Builds)]
    [RequiresDynamicCode(ReflectionContracts.Builds)]
    public abstract ValueConverter SystemTextJson(Type type, System.Text.Json.JsonSerializerOptions options, ConverterResolver resolver);

    /// <summary><c>&lt;T&gt;(ValueConverter&lt;T&gt;)</c> for <c>T?</c>.</summary>
    public abstract Type Nullable { get; }

    /// <summary><c>&lt;T&gt;(bool asNumbers, Func&lt;FieldInfo, string&gt;? nameOf)</c>.</summary>
    public abstract Type Enum { get; }

    /// <summary><c>&lt;T&gt;(ValueConverter&lt;T&gt; element)</c> for <c>T[]</c>.</summary>
    public abstract Type Array { get; }

    /// <summary><c>&lt;T&gt;(ValueConverter&lt;T&gt; element)</c> for <c>List&lt;T&gt;</c>.</summary>
    public abstract Type List { get; }

    /// <summary><c>&lt;TCollection, T&gt;(ValueConverter&lt;T&gt; element)</c> for any other sequence.</summary>
    public abstract Type Enumerable { get; }

    /// <summary><c>&lt;TDictionary, TKey, TValue&gt;(ConverterResolver, ValueConverter&lt;TValue&gt;)</c>.</summary>
    public abstract Type Dictionary { get; }

    /// <summary><c>&lt;T&gt;(IReadOnlyList&lt;UnionCase&gt;, ConverterResolver)</c>: subtypes tagged by integers.</summary>
    public abstract Type Union { get; }

    /// <summary>
    /// <paramref name="number"/> under System.Text.Json's number handling, or itself when the format carries numbers
    /// natively.
    /// </summary>
    public abstract ValueConverter WithNumberHandling(ValueConverter number, JsonNumberHandling handling);

    /// <summary>An object converter not built yet: registered first, so recursive types resolve to it.</summary>
    public abstract IObjectConverter<T> CreateObject<T>();
}
