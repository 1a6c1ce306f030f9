using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;

namespace FastFormatters.Generators;

/// <summary>
/// The types a provider describes: each root of <c>[FastSerializable]</c> and every type reached through members,
/// elements, keys and values, classified as the runtime's reflection provider (ReflectionShapeProvider) classifies them, so
/// that a shape exists exactly where reflection would build a converter of that kind.
/// </summary>
internal sealed class TypeGraph
{
    // What every converter family serves itself (their primitives), or refuses: no shape is described for these.
    // BigInteger and StringBuilder are not among them: MessagePack has forms of its own for them, but JSON writes them
    // as System.Text.Json does, as objects of their properties, which needs their shapes.
    private static readonly HashSet<string> s_leaves =
    [
        "System.DateOnly", "System.DateTime", "System.DateTimeOffset", "System.Guid", "System.Half", "System.Int128",
        "System.TimeOnly", "System.TimeSpan", "System.UInt128", "System.Uri", "System.Version", "System.Object",
        "System.Text.Json.JsonElement", "System.Text.Json.JsonDocument", "System.IntPtr", "System.UIntPtr", "System.Type",
        "System.Delegate",
    ];

    private readonly Compilation _compilation;
    private readonly Dictionary<ITypeSymbol, TypeNode> _nodes = new(SymbolEqualityComparer.Default);

    public TypeGraph(Compilation compilation) => _compilation = compilation;

    /// <summary>The described types, in the order they were first reached.</summary>
    public List<TypeNode> Nodes { get; } = [];

    /// <summary>
    /// What generated code cannot give a type (a member of a type it cannot name, an accessor it cannot reach), each as
    /// the type and the reason: such a type is served by reflection on the JIT but refused where reflection is off.
    /// </summary>
    public List<(string Type, string Reason)> Incomplete { get; } = [];

    public void Add(ITypeSymbol type)
    {
        type = Unannotated(type);
        if (_nodes.ContainsKey(type) || IsLeaf(type) || !IsAccessible(type))
        {
            return;
        }

        var node = Classify(type);
        if (node is null)
        {
            return;
        }

        _nodes.Add(type, node);
        Nodes.Add(node);
        foreach (var reached in node.Reaches)
        {
            Add(reached);
        }
    }

    private TypeNode? Classify(ITypeSymbol type)
    {
        if (type is IArrayTypeSymbol array)
        {
            return array.Rank == 1 ? new TypeNode(type, ShapeKind.Array, [array.ElementType]) : null;
        }

        if (type is not INamedTypeSymbol named || named.IsUnboundGenericType || named.TypeKind is TypeKind.Delegate or TypeKind.Pointer or TypeKind.Error
            || named.IsRefLikeType || named.IsStatic)
        {
            return null;
        }

        // A response streamed element by element; gathered into a List<T> for a format that writes it whole.
        if (IsDefinition(named, "System.Collections.Generic.IAsyncEnumerable`1"))
        {
            var list = _compilation.GetTypeByMetadataName("System.Collections.Generic.List`1")!.Construct(named.TypeArguments[0]);
            return new TypeNode(type, ShapeKind.AsyncEnumerable, [named.TypeArguments[0], list]);
        }

        if (IsUnsupported(named))
        {
            return null;
        }

        if (named.OriginalDefinition.SpecialType == SpecialType.System_Nullable_T)
        {
            return new TypeNode(type, ShapeKind.Nullable, [named.TypeArguments[0]]);
        }

        if (named.TypeKind == TypeKind.Enum)
        {
            return new TypeNode(type, ShapeKind.Enum, []);
        }

        if (IsDefinition(named, "System.Collections.Generic.List`1"))
        {
            return new TypeNode(type, ShapeKind.List, [named.TypeArguments[0]]);
        }

        // Memory<byte> and ReadOnlyMemory<byte> are leaves (IsLeaf), never reached here.
        if (IsDefinition(named, "System.Memory`1") || IsDefinition(named, "System.ReadOnlyMemory`1"))
        {
            return new TypeNode(type, ShapeKind.Memory, [named.TypeArguments[0]]);
        }

        if (Dictionary(named) is { } entry)
        {
            return new TypeNode(type, ShapeKind.Dictionary, [entry.Key, entry.Value]) { Key = entry.Key, Value = entry.Value, Create = Creatable(named) };
        }

        if (Element(named) is { } element)
        {
            return new TypeNode(type, ShapeKind.Enumerable, [element]) { Element = element, Create = Creatable(named) };
        }

        // A member whose type generated code cannot name leaves the type undescribed (refused at run time, by name),
        // never described without that member; the app is told at compile time.
        var members = Members(named);
        if (members.FirstOrDefault(member => !IsAccessible(member.Type)) is { } unnamed)
        {
            Incomplete.Add((named.ToDisplayString(), $"its member '{unnamed.Name}' is of type '{unnamed.Type.ToDisplayString()}', which generated code cannot name, so it is not described"));
            return null;
        }

        var constructors = Constructors(named);

        // An UnsafeAccessor cannot reach these (two type parameters share a name): the shape gives them without.
        foreach (var member in members.Where(member => (member.Getter == Access.Unsafe || member.Setter == Access.Unsafe) && !ShapeEmitter.CanAccess(member.Declaring)))
        {
            Incomplete.Add((named.ToDisplayString(), $"the init or non-public accessor of its member '{member.Name}' cannot be reached from generated code (two type parameters of its type share a name)"));
        }

        if (!ShapeEmitter.CanAccess(named) && constructors.Any(constructor => !constructor.Callable))
        {
            Incomplete.Add((named.ToDisplayString(), "a constructor that leaves required members unset cannot be called from generated code (two of its type parameters share a name)"));
        }

        return new TypeNode(type, ShapeKind.Object, [.. members.Select(member => member.Type), .. Subtypes(named)]) { Members = members, Constructors = constructors };
    }

    // Public instance properties (not indexers, with a public getter or setter) and fields, base-class members first, in
    // declaration order, properties before fields within a class; a member hiding one of its base takes the base one's
    // place, or removes it when it is no candidate itself. Then the non-public ones marked [JsonInclude], which
    // System.Text.Json's contract serializes. As ReflectionShapeProvider lists them.
    private static List<MemberNode> Members(INamedTypeSymbol type)
    {
        var hierarchy = new List<INamedTypeSymbol>();
        if (type.TypeKind == TypeKind.Interface)
        {
            hierarchy.AddRange(type.AllInterfaces);
            hierarchy.Add(type);
        }
        else
        {
            for (var current = type; current is not null && current.SpecialType is not (SpecialType.System_Object or SpecialType.System_ValueType); current = current.BaseType)
            {
                hierarchy.Insert(0, current);
            }
        }

        var byName = new Dictionary<string, int>();
        var result = new List<MemberNode?>();
        foreach (var declaring in hierarchy)
        {
            var declared = declaring.GetMembers().Where(member => !member.IsStatic && member.DeclaredAccessibility == Accessibility.Public);
            foreach (var member in declared.OfType<IPropertySymbol>().Cast<ISymbol>().Concat(declared.OfType<IFieldSymbol>()))
            {
                var node = member switch
                {
                    IPropertySymbol { IsIndexer: false } property when IsPublic(property.GetMethod) || IsPublic(property.SetMethod) => MemberNode.Of(declaring, property),
                    IFieldSymbol { IsConst: false, IsImplicitlyDeclared: false } field => MemberNode.Of(declaring, field),
                    _ => null,
                };
                if (member is IPropertySymbol { IsIndexer: true })
                {
                    continue;
                }

                if (byName.TryGetValue(member.Name, out int existing))
                {
                    result[existing] = node;
                }
                else if (node is not null)
                {
                    byName.Add(member.Name, result.Count);
                    result.Add(node);
                }
            }
        }

        foreach (var declaring in hierarchy)
        {
            var declared = declaring.GetMembers().Where(member => !member.IsStatic && member.DeclaredAccessibility != Accessibility.Public && IsIncluded(member));
            foreach (var member in declared.OfType<IPropertySymbol>().Cast<ISymbol>().Concat(declared.OfType<IFieldSymbol>()))
            {
                var node = member switch
                {
                    IPropertySymbol { IsIndexer: false } property => MemberNode.Of(declaring, property),
                    IFieldSymbol { IsConst: false, IsImplicitlyDeclared: false } field => MemberNode.Of(declaring, field),
                    _ => null,
                };
                if (node is not null && !byName.ContainsKey(member.Name))
                {
                    byName.Add(member.Name, result.Count);
                    result.Add(node);
                }
            }
        }

        return result.Where(member => member is not null).Select(member => member!).ToList();
    }

    // The subtypes of a MessagePack-CSharp union ([Union(tag, typeof(T))] on an interface or abstract class) and of a
    // System.Text.Json polymorphic type ([JsonDerivedType(typeof(T), ...)]), which their converters write and read each
    // through its own shape.
    private static IEnumerable<ITypeSymbol> Subtypes(INamedTypeSymbol type)
        => type.GetAttributes().Select(attribute => attribute.AttributeClass?.ToDisplayString() switch
        {
            "MessagePack.UnionAttribute" when attribute.ConstructorArguments.Length == 2 => attribute.ConstructorArguments[1].Value,
            "System.Text.Json.Serialization.JsonDerivedTypeAttribute" when attribute.ConstructorArguments.Length >= 1 => attribute.ConstructorArguments[0].Value,
            _ => null,
        }).OfType<ITypeSymbol>();

    private static List<ConstructorNode> Constructors(INamedTypeSymbol type)
    {
        if (type.IsAbstract || type.TypeKind == TypeKind.Interface)
        {
            return [];
        }

        // A struct's implicit parameterless constructor is not one reflection lists.
        return type.InstanceConstructors
            .Where(constructor => constructor.DeclaredAccessibility == Accessibility.Public && !(type.IsValueType && constructor.IsImplicitlyDeclared))
            .Where(constructor => constructor.Parameters.All(parameter => parameter.RefKind == RefKind.None && !parameter.Type.IsRefLikeType))
            .Select(constructor => new ConstructorNode(constructor, SetsRequiredMembers(constructor) || !HasRequiredMembers(type)))
            .ToList();
    }

    private static bool HasRequiredMembers(INamedTypeSymbol type)
    {
        for (var current = type; current is not null; current = current.BaseType)
        {
            if (current.GetMembers().Any(member => member is IPropertySymbol { IsRequired: true } or IFieldSymbol { IsRequired: true }))
            {
                return true;
            }
        }

        return false;
    }

    private static bool SetsRequiredMembers(IMethodSymbol constructor)
        => constructor.GetAttributes().Any(attribute => attribute.AttributeClass?.ToDisplayString() == "System.Diagnostics.CodeAnalysis.SetsRequiredMembersAttribute");

    private static bool IsPublic(IMethodSymbol? accessor) => accessor is { DeclaredAccessibility: Accessibility.Public };

    /// <summary>Whether <paramref name="member"/> is marked <c>[JsonInclude]</c>: System.Text.Json then reads and assigns it through non-public accessors too.</summary>
    public static bool IsIncluded(ISymbol member)
        => member.GetAttributes().Any(attribute => attribute.AttributeClass?.ToDisplayString() == "System.Text.Json.Serialization.JsonIncludeAttribute");

    // A class with a public parameterless constructor can be created to add entries or elements to.
    private static bool Creatable(INamedTypeSymbol type)
        => type.TypeKind == TypeKind.Class && !type.IsAbstract
            && type.InstanceConstructors.Any(constructor => constructor.Parameters.Length == 0 && constructor.DeclaredAccessibility == Accessibility.Public);

    private static (ITypeSymbol Key, ITypeSymbol Value)? Dictionary(INamedTypeSymbol type)
    {
        foreach (var candidate in SelfAndInterfaces(type))
        {
            if (IsDefinition(candidate, "System.Collections.Generic.IDictionary`2") || IsDefinition(candidate, "System.Collections.Generic.IReadOnlyDictionary`2"))
            {
                return (candidate.TypeArguments[0], candidate.TypeArguments[1]);
            }
        }

        return null;
    }

    private static ITypeSymbol? Element(INamedTypeSymbol type)
    {
        foreach (var candidate in SelfAndInterfaces(type))
        {
            if (candidate.OriginalDefinition.SpecialType == SpecialType.System_Collections_Generic_IEnumerable_T)
            {
                return candidate.TypeArguments[0];
            }
        }

        return null;
    }

    private static IEnumerable<INamedTypeSymbol> SelfAndInterfaces(INamedTypeSymbol type)
        => type.TypeKind == TypeKind.Interface ? [type, .. type.AllInterfaces] : type.AllInterfaces;

    private static bool IsDefinition(INamedTypeSymbol type, string metadataName)
        => type.IsGenericType && MetadataName(type.OriginalDefinition) == metadataName;

    private static string MetadataName(INamedTypeSymbol type)
        => type.ContainingNamespace is { IsGlobalNamespace: false } ns ? ns.ToDisplayString() + "." + type.MetadataName : type.MetadataName;

    private static bool IsLeaf(ITypeSymbol type)
        => type.SpecialType is >= SpecialType.System_Boolean and <= SpecialType.System_String or SpecialType.System_Object
            || type is IArrayTypeSymbol { ElementType.SpecialType: SpecialType.System_Byte, Rank: 1 }
            || type is INamedTypeSymbol named && (s_leaves.Contains(MetadataName(named.OriginalDefinition)) || InNamespace(named, "System.Text.Json.Nodes") || IsByteMemory(named));

    // Memory<byte> and ReadOnlyMemory<byte>: bytes, as byte[] is, in both families.
    private static bool IsByteMemory(INamedTypeSymbol type)
        => type.TypeArguments.Length == 1 && type.TypeArguments[0].SpecialType == SpecialType.System_Byte && MetadataName(type.OriginalDefinition) is "System.Memory`1" or "System.ReadOnlyMemory`1";

    // What the converters refuse to serialize at all, as ReflectionShapeProvider refuses them.
    private bool IsUnsupported(INamedTypeSymbol type)
        => Inherits(type, "System.IO.Stream") || Inherits(type, "System.Threading.Tasks.Task") || Inherits(type, "System.Reflection.MemberInfo")
            || Inherits(type, "System.Delegate") || IsDefinition(type, "System.Collections.Generic.IAsyncEnumerable`1")
            || type.AllInterfaces.Any(candidate => IsDefinition(candidate, "System.Collections.Generic.IAsyncEnumerable`1"));

    private bool Inherits(INamedTypeSymbol type, string metadataName)
    {
        var target = _compilation.GetTypeByMetadataName(metadataName);
        for (INamedTypeSymbol? current = type; current is not null; current = current.BaseType)
        {
            if (SymbolEqualityComparer.Default.Equals(current, target))
            {
                return true;
            }
        }

        return false;
    }

    private static bool InNamespace(INamedTypeSymbol type, string ns) => type.ContainingNamespace?.ToDisplayString() == ns;

    // Generated code must name the type: public or internal all the way out, in this compilation or another's public API.
    private bool IsAccessible(ITypeSymbol type) => type switch
    {
        IArrayTypeSymbol array => IsAccessible(array.ElementType),
        INamedTypeSymbol named => _compilation.IsSymbolAccessibleWithin(named, _compilation.Assembly) && named.TypeArguments.All(IsAccessible),
        _ => false,
    };

    private static ITypeSymbol Unannotated(ITypeSymbol type)
        => type.IsReferenceType ? type.WithNullableAnnotation(NullableAnnotation.NotAnnotated) : type;
}

internal enum ShapeKind
{
    Object,
    Nullable,
    Enum,
    Array,
    List,
    Memory,
    Enumerable,
    Dictionary,
    AsyncEnumerable,
}

/// <summary>One described type.</summary>
internal sealed class TypeNode(ITypeSymbol type, ShapeKind kind, List<ITypeSymbol> reaches)
{
    public ITypeSymbol Type { get; } = type;

    public ShapeKind Kind { get; } = kind;

    public List<ITypeSymbol> Reaches { get; } = reaches;

    public ITypeSymbol? Element { get; init; }

    public ITypeSymbol? Key { get; init; }

    public ITypeSymbol? Value { get; init; }

    public bool Create { get; init; }

    public List<MemberNode> Members { get; init; } = [];

    public List<ConstructorNode> Constructors { get; init; } = [];
}

/// <summary>How generated code reaches a member's value: not at all, directly, or through an UnsafeAccessor.</summary>
internal enum Access
{
    None,
    Direct,
    Unsafe,
}

/// <summary>
/// A property or field, with how generated code reads and assigns it: a public accessor directly (an <c>init</c> one
/// through an UnsafeAccessor, as reflection calls it outside an object initializer); a non-public one, or a
/// non-public member, only when the member is marked <c>[JsonInclude]</c>, through an UnsafeAccessor.
/// </summary>
internal sealed class MemberNode
{
    private MemberNode(INamedTypeSymbol declaring, string name, ITypeSymbol type, bool isField, bool isPublic, Access getter, Access setter)
    {
        Declaring = declaring;
        Name = name;
        Type = type;
        IsField = isField;
        IsPublic = isPublic;
        Getter = getter;
        Setter = setter;
    }

    public INamedTypeSymbol Declaring { get; }

    public string Name { get; }

    public ITypeSymbol Type { get; }

    public bool IsField { get; }

    /// <summary>Whether the member itself is public (reflected with public binding flags).</summary>
    public bool IsPublic { get; }

    public Access Getter { get; }

    public Access Setter { get; }

    public static MemberNode Of(INamedTypeSymbol declaring, IPropertySymbol property)
    {
        bool included = TypeGraph.IsIncluded(property);
        return new(
            declaring,
            property.Name,
            property.Type,
            isField: false,
            isPublic: property.DeclaredAccessibility == Accessibility.Public,
            getter: property.GetMethod is null ? Access.None
                : property.GetMethod.DeclaredAccessibility == Accessibility.Public ? Access.Direct
                : included ? Access.Unsafe : Access.None,
            setter: property.SetMethod is null ? Access.None
                : property.SetMethod.DeclaredAccessibility == Accessibility.Public ? (property.SetMethod.IsInitOnly ? Access.Unsafe : Access.Direct)
                : included ? Access.Unsafe : Access.None);
    }

    public static MemberNode Of(INamedTypeSymbol declaring, IFieldSymbol field)
    {
        bool isPublic = field.DeclaredAccessibility == Accessibility.Public;
        var access = isPublic ? Access.Direct : Access.Unsafe;
        return new(declaring, field.Name, field.Type, isField: true, isPublic, getter: access, setter: field.IsReadOnly ? Access.None : access);
    }
}

/// <summary>A public constructor; one C# cannot call directly (the type has required members it does not set) goes through an UnsafeAccessor.</summary>
internal sealed class ConstructorNode(IMethodSymbol constructor, bool callable)
{
    public IMethodSymbol Constructor { get; } = constructor;

    public bool Callable { get; } = callable;
}
