namespace FastFormatters.IntegrationTests.JsonParity.Models;

/// <summary>A node that refers to its parent and children: a cyclic graph.</summary>
public sealed class GraphNode
{
    public string Name { get; set; } = string.Empty;

    public GraphNode? Parent { get; set; }

    public List<GraphNode> Children { get; set; } = [];
}
